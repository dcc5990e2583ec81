import { initHome } from "../../home/index.js";
import { type CliIO, printJson, println } from "../io.js";

export interface InitOptions {
  home: string;
  json?: boolean;
}

export async function runInit(options: InitOptions, io: CliIO): Promise<number> {
  const result = await initHome(options.home);
  if (options.json) {
    printJson(io, { home: result.home, key_id: result.keyId, created: result.created });
  } else if (result.created.length === 0) {
    println(io, `trailseal home ${result.home} is already initialised; nothing changed`);
  } else {
    println(io, `initialised trailseal home ${result.home}`);
    for (const path of result.created) println(io, `  created ${path}`);
    println(io, `seal key id: ${result.keyId}`);
    println(io, 'next: record an action, e.g. echo \'{"kind":"command","command":"ls"}\' | trailseal record');
  }
  return 0;
}
