import { initLog } from "../../witness/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface WitnessInitOptions {
  dir: string;
  home: string;
  bare?: boolean;
  origin?: string;
  json?: boolean;
}

export async function runWitnessInit(options: WitnessInitOptions, io: CliIO): Promise<number> {
  const result = await initLog(options.dir, {
    home: options.home,
    bare: options.bare,
    origin: options.origin,
  });
  if (options.json) {
    printJson(io, {
      dir: result.dir,
      bare: result.bare,
      origin: result.origin,
      public_key: result.publicKey,
      fingerprint: result.fingerprint,
      key_path: result.keyPath,
      commit: result.commit,
    });
    return 0;
  }
  println(
    io,
    `created the transparency log ${result.origin} in ${result.dir}${result.bare ? " (bare)" : ""}`,
  );
  println(
    io,
    `  log key     ${result.fingerprint} (private key: ${result.keyPath}, 0600; never in the repo)`,
  );
  println(io, `  first commit ${result.commit} (SSH-signed; check with git verify-commit)`);
  println(io, "next:");
  println(io, `  serve it:          trailseal witness serve --port 8080 --store ${result.dir}`);
  println(io, `  publish directly:  trailseal witness publish --witness-url ${result.dir}`);
  println(io, `  audit it:          trailseal witness audit ${result.dir}`);
  return 0;
}
