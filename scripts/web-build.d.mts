export declare function buildWebIfNeeded(): boolean;
