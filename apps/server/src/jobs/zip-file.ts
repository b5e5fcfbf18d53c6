// A ZIP written entry by entry to a file: a batch's ZIP is assembled holding one row's PDF at a time (plus the
// central directory, some 60 bytes a row), not every PDF and the whole archive as JSZip did. PDFs are stored
// (already compressed), other entries deflated. Plain ZIP (no ZIP64): an archive past 4 GiB or 65,535 entries is
// refused, far above a 2,000-row batch of sensible documents.
import { open, type FileHandle } from "node:fs/promises";
import { crc32, deflateRawSync } from "node:zlib";

const LIMIT = 0xffff_ffff;

interface Entry {
  readonly name: Buffer;
  readonly crc: number;
  readonly method: 0 | 8;
  readonly compressed: number;
  readonly size: number;
  readonly offset: number;
}

/** The archive grew past what a plain ZIP can address. */
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
  static async create(path: string, now: Date = new Date()): Promise<ZipFileWriter> {
    return new ZipFileWriter(await open(path, "w"), now);
  }

  /** Adds a file: `store` keeps the bytes as they are (PDFs), otherwise they are deflated. */
  async add(name: string, bytes: Uint8Array, store: boolean): Promise<void> {
    const data = store ? bytes : deflateRawSync(bytes);
    const entry: Entry = { name: Buffer.from(name, "utf8"), crc: crc32(bytes), method: store ? 0 : 8, compressed: data.byteLength, size: bytes.byteLength, offset: this.offset };
    if (this.entries.length >= 0xffff || this.offset + 30 + entry.name.byteLength + data.byteLength > LIMIT) {
      throw new ZipTooLargeError("The ZIP would be larger than 4 GiB (or hold more than 65,535 files); use merged output or fewer rows.");
    }
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
        const header = Buffer.alloc(46);
        header.writeUInt32LE(0x02014b50, 0);
        header.writeUInt16LE(20, 4);
        header.writeUInt16LE(20, 6);
        header.writeUInt16LE(0x0800, 8);
        header.writeUInt16LE(e.method, 10);
        header.writeUInt16LE(this.time, 12);
        header.writeUInt16LE(this.date, 14);
        header.writeUInt32LE(e.crc, 16);
        header.writeUInt32LE(e.compressed, 20);
        header.writeUInt32LE(e.size, 24);
        header.writeUInt16LE(e.name.byteLength, 28);
        // Extra, comment, disk, internal and external attributes: none.
        header.writeUInt32LE(e.offset, 42);
        await this.write(header);
        await this.write(e.name);
      }
      const size = this.offset - start;
      if (this.offset > LIMIT) throw new ZipTooLargeError("The ZIP would be larger than 4 GiB; use merged output or fewer rows.");
      const end = Buffer.alloc(22);
      end.writeUInt32LE(0x06054b50, 0);
      end.writeUInt16LE(this.entries.length, 8);
      end.writeUInt16LE(this.entries.length, 10);
      end.writeUInt32LE(size, 12);
      end.writeUInt32LE(start, 16);
      await this.write(end);
      return this.offset;
    } finally {
      await this.file.close();
    }
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
