/** espeak-ng's command line built to WebAssembly (the `espeak-ng` package ships no types). */
declare module 'espeak-ng' {
  interface EspeakModule {
    FS: { readFile(path: string): Uint8Array; readFile(path: string, opts: { encoding: 'utf8' }): string };
  }
  interface EspeakOptions {
    arguments: string[];
    print?(line: string): void;
    printErr?(line: string): void;
    instantiateWasm?(imports: WebAssembly.Imports, receive: (instance: WebAssembly.Instance) => void): WebAssembly.Exports;
  }
  /** Runs the command once with `arguments`, as `main` would, and resolves when it has exited. */
  export default function ESpeakNg(options: EspeakOptions): Promise<EspeakModule>;
}
