// A wake-up call from the enquiry path to the worker in the same process: after committing an
// enquiry and its deliveries, notify() makes the worker claim at once instead of at its next poll.
// Workers in other processes still find the rows by polling.

export interface DeliverySignal {
  /** Call after the enquiry's transaction commits. Cheap; never throws. */
  notify(): void;
  /** Registers a listener; returns the function that removes it. */
  subscribe(listener: () => void): () => void;
}

export function createDeliverySignal(): DeliverySignal {
  const listeners = new Set<() => void>();
  return {
    notify: () => {
      for (const listener of listeners) listener();
    },
    subscribe: (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}
