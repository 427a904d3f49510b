import fs from 'node:fs';

/**
 * Writes `file` until its file system refuses (ENOSPC): whole megabytes first, then pages, then sectors, so no byte is
 * left for anything else on that (small, test-owned) file system. Removing the file makes room again.
 */
export function fillDisk(file: string): void {
  const fd = fs.openSync(file, 'w');
  try {
    for (const size of [1 << 20, 4096, 512]) {
      const chunk = Buffer.alloc(size, 1);
      for (;;) {
        try {
          if (fs.writeSync(fd, chunk) < size) break;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code === 'ENOSPC') break;
          throw error;
        }
      }
    }
  } finally {
    fs.closeSync(fd);
  }
}
