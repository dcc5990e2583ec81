import type { Vector } from "./scanner-vectors.mjs";
export function wordish(run: string): boolean;
export function categorize(vector: Vector): string;
