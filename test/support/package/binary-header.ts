/**
 * What a native binary was built for, read from its header: ELF (Linux), PE (Windows) or Mach-O (macOS,
 * thin or universal), and the machine type. The packaging test checks every .node file of a package with
 * it, so an x64 binary in an arm64 package (or a Linux one in a Windows package) is caught.
 */
export type BinaryFormat = 'elf' | 'pe' | 'macho';
export interface BinaryKind {
  format: BinaryFormat;
  /** Node's names: x64, arm64; `other:<code>` for anything else. */
  archs: string[];
}

const ELF_MACHINES: Record<number, string> = { 0x3e: 'x64', 0xb7: 'arm64' };
const PE_MACHINES: Record<number, string> = { 0x8664: 'x64', 0xaa64: 'arm64' };
const MACHO_CPUS: Record<number, string> = { 0x01000007: 'x64', 0x0100000c: 'arm64' };

const name = (table: Record<number, string>, code: number) => table[code] ?? `other:${code.toString(16)}`;

/** The binary's format and machine types; undefined when the bytes are none of the three. */
export function readBinaryKind(bytes: Buffer): BinaryKind | undefined {
  if (bytes.length < 64) return undefined;
  if (bytes.readUInt32BE(0) === 0x7f454c46) {
    // e_ident[EI_DATA] 1 = little-endian; e_machine at 18.
    const machine = bytes[5] === 1 ? bytes.readUInt16LE(18) : bytes.readUInt16BE(18);
    return { format: 'elf', archs: [name(ELF_MACHINES, machine)] };
  }
  if (bytes.readUInt16LE(0) === 0x5a4d) {
    const pe = bytes.readUInt32LE(0x3c);
    if (pe + 6 > bytes.length || bytes.readUInt32BE(pe) !== 0x50450000) return undefined;
    return { format: 'pe', archs: [name(PE_MACHINES, bytes.readUInt16LE(pe + 4))] };
  }
  const magic = bytes.readUInt32LE(0);
  if (magic === 0xfeedfacf) return { format: 'macho', archs: [name(MACHO_CPUS, bytes.readUInt32LE(4))] };
  if (bytes.readUInt32BE(0) === 0xcafebabe) {
    // Universal: a big-endian table of slices, cputype first in each 20-byte entry.
    const count = bytes.readUInt32BE(4);
    const archs = Array.from({ length: Math.min(count, 8) }, (_, i) => name(MACHO_CPUS, bytes.readUInt32BE(8 + i * 20)));
    return { format: 'macho', archs };
  }
  return undefined;
}

/** The format a platform's binaries have. */
export function formatOf(platform: string): BinaryFormat {
  return platform === 'win32' ? 'pe' : platform === 'darwin' ? 'macho' : 'elf';
}
