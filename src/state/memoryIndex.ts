// Where the memory store finds what it keeps, without reading a chatbot: each account's chatbots (a list, a limit, a
// replace and the admin state look at one account only, whatever the others hold), and the account holding each id (a
// seed's ids are checked against every account's). Creation order across accounts is a number given to each.

/** A stored chatbot as kept: its owner, its id, its place in creation order, and where its JSON is in the account's
 * bytes. */
export interface Kept {
  accountId: string;
  projectId: string;
  id: string;
  order: number;
  start: number;
  end: number;
}

export class KeptIndex {
  #byAccount = new Map<string, Kept[]>();
  #owners = new Map<string, string>();
  #size = 0;
  #next = 0;

  /** How many chatbots are kept, in all accounts. */
  get size(): number {
    return this.#size;
  }

  /** The account's chatbots, oldest first. */
  of(accountId: string): readonly Kept[] {
    return this.#byAccount.get(accountId) ?? [];
  }

  /** How many chatbots the project holds, and its newest `count`, oldest first. */
  newestOf(accountId: string, projectId: string, count: number): { held: number; newest: Kept[] } {
    const kept = this.of(accountId).filter((one) => one.projectId === projectId);
    return { held: kept.length, newest: kept.slice(Math.max(0, kept.length - count)) };
  }

  /** Which of these ids are kept, each with the account holding it. */
  owners(ids: readonly string[]): Map<string, string> {
    const owners = new Map<string, string>();
    for (const id of ids) {
      const owner = this.#owners.get(id);
      if (owner !== undefined) owners.set(id, owner);
    }
    return owners;
  }

  /** Every chatbot kept, oldest first (what a reader of the whole store asks for, never a request of one tenant). */
  inOrder(): Kept[] {
    return [...this.#byAccount.values()].flat().sort((one, other) => one.order - other.order);
  }

  add({ accountId, projectId, id, start, end }: Omit<Kept, 'order'>): void {
    const kept: Kept = { accountId, projectId, id, order: this.#next++, start, end };
    const list = this.#byAccount.get(kept.accountId);
    if (list) list.push(kept);
    else this.#byAccount.set(kept.accountId, [kept]);
    this.#owners.set(kept.id, kept.accountId);
    this.#size++;
  }

  /** Forgets every chatbot of the account. */
  dropAccount(accountId: string): void {
    const list = this.#byAccount.get(accountId) ?? [];
    for (const { id } of list) if (this.#owners.get(id) === accountId) this.#owners.delete(id);
    this.#size -= list.length;
    this.#byAccount.delete(accountId);
  }
}
