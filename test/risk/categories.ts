/** Every rule-family case table (category-cases-*.ts, one file per family), for the tests that run them all. */
import type { Category } from "./category.js";
import { EVERYDAY } from "./category-cases-everyday.js";
import { FANOUT } from "./category-cases-fanout.js";
import { FILES } from "./category-cases-files.js";
import { HOST } from "./category-cases-host.js";
import { INTERPRETERS } from "./category-cases-interpreters.js";
import { CLOUD, NETWORK } from "./category-cases-network.js";
import { SECRETS } from "./category-cases-secrets.js";
import { INDIRECTION, WRAPPERS } from "./category-cases-shell.js";
import { SPELLINGS } from "./category-cases-spellings.js";
import { VCS } from "./category-cases-vcs.js";

export const ALL_CATEGORIES: Category[] = [
  VCS,
  FANOUT,
  FILES,
  SECRETS,
  INTERPRETERS,
  WRAPPERS,
  INDIRECTION,
  SPELLINGS,
  NETWORK,
  CLOUD,
  HOST,
  EVERYDAY,
];
