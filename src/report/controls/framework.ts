import type { ControlStatus } from "../model.js";
import type { MeasureName } from "./measures.js";

/** One control of a framework, as data: what trailseal's record evidences for it and with which figures. */
export interface ControlSpec {
  id: string;
  title: string;
  source: string;
  status: ControlStatus;
  /** What the record evidences for it; for `not-evidence`, why trailseal is not evidence. */
  evidences: string;
  measures: MeasureName[];
}

export interface Framework {
  /** The `--controls` name. */
  id: string;
  name: string;
  controls: ControlSpec[];
}
