export function firstPaintJs(dist: string): {
  files: { file: string; gzipBytes: number; source?: string }[];
  totalBytes: number;
  /** the manifest keys (source paths) of the chunks walked */
  modules: string[];
};
