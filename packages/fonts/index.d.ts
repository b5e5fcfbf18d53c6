/** Absolute path of the fonts directory (where fonts.json and the family folders are). */
export declare const fontsDir: string;
/** Absolute path of the manifest, fonts.json. */
export declare const manifestPath: string;
