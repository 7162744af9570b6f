// The best `limit` documents by score without sorting every match: a min-heap of document numbers
// whose root is the weakest kept. Equal scores keep the lower document number (catalog order).

export class TopK {
  readonly #limit: number;
  readonly #score: ArrayLike<number>;
  readonly #heap: number[] = [];

  constructor(limit: number, score: ArrayLike<number>) {
    this.#limit = limit;
    this.#score = score;
  }

  offer(doc: number): void {
    const heap = this.#heap;
    if (heap.length < this.#limit) {
      heap.push(doc);
      this.#up(heap.length - 1);
    } else if (heap.length > 0 && this.#better(doc, heap[0]!)) {
      heap[0] = doc;
      this.#down(0);
    }
  }

  /** The kept documents, best first. */
  sorted(): number[] {
    return this.#heap.sort((a, b) => (this.#better(a, b) ? -1 : 1));
  }

  #better(a: number, b: number): boolean {
    const sa = this.#score[a]!,
      sb = this.#score[b]!;
    return sa > sb || (sa === sb && a < b);
  }

  #up(i: number): void {
    const heap = this.#heap;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.#better(heap[parent]!, heap[i]!)) break;
      [heap[parent], heap[i]] = [heap[i]!, heap[parent]!];
      i = parent;
    }
  }

  #down(i: number): void {
    const heap = this.#heap;
    for (;;) {
      const left = 2 * i + 1,
        right = left + 1;
      let weakest = i;
      if (left < heap.length && this.#better(heap[weakest]!, heap[left]!)) weakest = left;
      if (right < heap.length && this.#better(heap[weakest]!, heap[right]!)) weakest = right;
      if (weakest === i) return;
      [heap[weakest], heap[i]] = [heap[i]!, heap[weakest]!];
      i = weakest;
    }
  }
}
