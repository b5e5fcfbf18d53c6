// A ZIP written entry by entry to a file: a batch's ZIP is assembled holding one row's PDF at a time (plus the
// central directory, some 60 bytes a row), not every PDF and the whole archive as JSZip did. PDFs are stored
// (already compressed), other entries deflated. ZIP64 (APPNOTE 6.3.10, 4.3.14-4.5.3) where a plain ZIP cannot
// say it: an entry starting past 4 GiB gets its offset in a ZIP64 extra field of its central header, and an
// archive of more than 65,534 entries or a central directory past 4 GiB ends with the ZIP64 end records. An
// archive within the plain limits is a plain ZIP, byte for byte as before. One entry of 4 GiB or more is refused
// (a row's PDF is held in memory, so it cannot be that large anyway).
import { open, type FileHandle } from "node:fs/promises";
import { crc32, deflateRawSync } from "node:zlib";

const LIMIT = 0xffff_ffff;
const ENTRIES_LIMIT = 0xffff;

interface Entry {
  readonly name: Buffer;
  readonly crc: number;
  readonly method: 0 | 8;
  readonly compressed: number;
  readonly size: number;
  readonly offset: number;
}

/** An entry too large for this writer (4 GiB or more). */
export class ZipTooLargeError extends Error {}

/** A ZIP being written to `path`; add entries, then close(). */
export class ZipFileWriter {
  private readonly entries: Entry[] = [];
  private offset = 0;
  // MS-DOS time and date of every entry (the assembly time, to the 2 seconds DOS counts).
  private readonly time: number;
  private readonly date: number;

  private constructor(private readonly file: FileHandle, now: Date) {
    this.time = (now.getUTCHours() << 11) | (now.getUTCMinutes() << 5) | Math.floor(now.getUTCSeconds() / 2);
    this.date = ((now.getUTCFullYear() - 1980) << 9) | ((now.getUTCMonth() + 1) << 5) | now.getUTCDate();
  }

  /** Creates (or truncates) the file. */
  static async create(path: string, now: Date = new Date(), options: { readonly startAt?: number } = {}): Promise<ZipFileWriter> {
    const writer = new ZipFileWriter(await open(path, "w"), now);
    // Tests only: the first entry starts this far into the file (a sparse hole), to reach ZIP64 offsets cheaply.
    writer.offset = options.startAt ?? 0;
    return writer;
  }

  /** Adds a file: `store` keeps the bytes as they are (PDFs), otherwise they are deflated. */
  async add(name: string, bytes: Uint8Array, store: boolean): Promise<void> {
    const data = store ? bytes : deflateRawSync(bytes);
    const entry: Entry = { name: Buffer.from(name, "utf8"), crc: crc32(bytes), method: store ? 0 : 8, compressed: data.byteLength, size: bytes.byteLength, offset: this.offset };
    if (data.byteLength >= LIMIT || bytes.byteLength >= LIMIT) throw new ZipTooLargeError(`A file of the ZIP (${name}) is 4 GiB or larger.`);
    const header = Buffer.alloc(30);
    header.writeUInt32LE(0x04034b50, 0);
    header.writeUInt16LE(20, 4);
    // Bit 11: names are UTF-8.
    header.writeUInt16LE(0x0800, 6);
    header.writeUInt16LE(entry.method, 8);
    header.writeUInt16LE(this.time, 10);
    header.writeUInt16LE(this.date, 12);
    header.writeUInt32LE(entry.crc, 14);
    header.writeUInt32LE(entry.compressed, 18);
    header.writeUInt32LE(entry.size, 22);
    header.writeUInt16LE(entry.name.byteLength, 26);
    header.writeUInt16LE(0, 28);
    await this.write(header);
    await this.write(entry.name);
    await this.write(data);
    this.entries.push(entry);
  }

  /** Writes the central directory and closes the file; answers the archive's size. */
  async close(): Promise<number> {
    try {
      const start = this.offset;
      for (const e of this.entries) {
        // Past 4 GiB the offset moves to a ZIP64 extended information field (header ID 1), as 8 bytes.
        const far = e.offset >= LIMIT;
        const extra = far ? Buffer.alloc(12) : Buffer.alloc(0);
        if (far) {
          extra.writeUInt16LE(0x0001, 0);
          extra.writeUInt16LE(8, 2);
          extra.writeBigUInt64LE(BigInt(e.offset), 4);
        }
        const header = Buffer.alloc(46);
        header.writeUInt32LE(0x02014b50, 0);
        // Made by and needed: 4.5 (ZIP64) where it is used, else 2.0.
        header.writeUInt16LE(far ? 45 : 20, 4);
        header.writeUInt16LE(far ? 45 : 20, 6);
        header.writeUInt16LE(0x0800, 8);
        header.writeUInt16LE(e.method, 10);
        header.writeUInt16LE(this.time, 12);
        header.writeUInt16LE(this.date, 14);
        header.writeUInt32LE(e.crc, 16);
        header.writeUInt32LE(e.compressed, 20);
        header.writeUInt32LE(e.size, 24);
        header.writeUInt16LE(e.name.byteLength, 28);
        header.writeUInt16LE(extra.byteLength, 30);
        // Comment, disk, internal and external attributes: none.
        header.writeUInt32LE(far ? LIMIT : e.offset, 42);
        await this.write(header);
        await this.write(e.name);
        if (far) await this.write(extra);
      }
      const size = this.offset - start;
      const count = this.entries.length;
      const zip64 = count >= ENTRIES_LIMIT || start >= LIMIT || size >= LIMIT;
      if (zip64) await this.writeZip64End(count, size, start);
      // The classic end record; with ZIP64 its fields that overflow say so (all ones) and readers use the ZIP64 record.
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(zip64 ? Math.min(count, ENTRIES_LIMIT) : count, 8);
      end.writeUInt16LE(zip64 ? Math.min(count, ENTRIES_LIMIT) : count, 10);
      end.writeUInt32LE(zip64 ? Math.min(size, LIMIT) : size, 12);
      end.writeUInt32LE(zip64 ? Math.min(start, LIMIT) : start, 16);
      await this.write(end);
      return this.offset;
    } finally {
      await this.file.close();
    }
  }

  /** The ZIP64 end of central directory record (4.3.14) and its locator (4.3.15). */
  private async writeZip64End(count: number, size: number, start: number): Promise<void> {
    const at = this.offset;
    const record = Buffer.alloc(56);
    record.writeUInt32LE(0x06064b50, 0);
    // The size of the rest of the record.
    record.writeBigUInt64LE(44n, 4);
    record.writeUInt16LE(45, 12);
    record.writeUInt16LE(45, 14);
    // This disk and the central directory's disk: 0.
    record.writeBigUInt64LE(BigInt(count), 24);
    record.writeBigUInt64LE(BigInt(count), 32);
    record.writeBigUInt64LE(BigInt(size), 40);
    record.writeBigUInt64LE(BigInt(start), 48);
    await this.write(record);
    const locator = Buffer.alloc(20);
    locator.writeUInt32LE(0x07064b50, 0);
    locator.writeBigUInt64LE(BigInt(at), 8);
    locator.writeUInt32LE(1, 16);
    await this.write(locator);
  }

  /** Closes the file without finishing it (the caller removes it). */
  async abandon(): Promise<void> {
    await this.file.close().catch(() => undefined);
  }

  private async write(bytes: Uint8Array): Promise<void> {
    let done = 0;
    while (done < bytes.byteLength) {
      const { bytesWritten } = await this.file.write(bytes, done, bytes.byteLength - done, this.offset + done);
      done += bytesWritten;
    }
    this.offset += bytes.byteLength;
  }
}
