/** Every rule-family case table (category-cases*.ts), for the tests that run them all. */
import { type Category, GIT_DISCARD, RECURSIVE_DELETE, SECRETS, XARGS } from "./category-cases.js";
import { EIGHTH } from "./category-cases-eighth.js";
import { ELEVENTH } from "./category-cases-eleventh.js";
import { EVERYDAY } from "./category-cases-everyday.js";
import { FIFTEENTH } from "./category-cases-fifteenth.js";
import { FIFTH } from "./category-cases-fifth.js";
import { FOURTEENTH } from "./category-cases-fourteenth.js";
import { FOURTH } from "./category-cases-fourth.js";
import { FALSE_ALARMS, INDIRECTION, INTERPRETERS, SPELLINGS, WRAPPERS } from "./category-cases-more.js";
import { NINTH } from "./category-cases-ninth.js";
import { SECOND } from "./category-cases-second.js";
import { SEVENTEENTH } from "./category-cases-seventeenth.js";
import { SEVENTH } from "./category-cases-seventh.js";
import { SIXTEENTH } from "./category-cases-sixteenth.js";
import { SIXTH } from "./category-cases-sixth.js";
import { TENTH } from "./category-cases-tenth.js";
import { THIRD } from "./category-cases-third.js";
import { THIRTEENTH } from "./category-cases-thirteenth.js";
import { TWELFTH } from "./category-cases-twelfth.js";

export const ALL_CATEGORIES: Category[] = [
  GIT_DISCARD,
  XARGS,
  RECURSIVE_DELETE,
  SECRETS,
  INTERPRETERS,
  WRAPPERS,
  INDIRECTION,
  SPELLINGS,
  FALSE_ALARMS,
  SECOND,
  THIRD,
  EVERYDAY,
  FOURTH,
  FIFTH,
  SIXTH,
  SEVENTH,
  EIGHTH,
  NINTH,
  TENTH,
  ELEVENTH,
  TWELFTH,
  THIRTEENTH,
  FOURTEENTH,
  FIFTEENTH,
  SIXTEENTH,
  SEVENTEENTH,
];
