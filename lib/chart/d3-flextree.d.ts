// d3-flextree ships no types: the part lib/chart/layout.ts uses.
declare module 'd3-flextree' {
  export interface FlextreeNode<T> {
    data: T;
    x: number;
    y: number;
    depth: number;
    parent: FlextreeNode<T> | null;
    children?: FlextreeNode<T>[];
    each(fn: (node: FlextreeNode<T>) => void): this;
    descendants(): FlextreeNode<T>[];
  }
  export interface FlextreeLayout<T> {
    (root: FlextreeNode<T>): FlextreeNode<T>;
    hierarchy(data: T, children?: (d: T) => T[] | undefined): FlextreeNode<T>;
  }
  export function flextree<T>(options?: {
    nodeSize?: (node: FlextreeNode<T>) => [number, number];
    spacing?: number | ((a: FlextreeNode<T>, b: FlextreeNode<T>) => number);
    children?: (d: T) => T[] | undefined;
  }): FlextreeLayout<T>;
}
