// The interaction indexes of one property, updated incrementally, one interaction at a time:
// counts per product, distinct users per product, daily views, per-visitor sequences, and the
// co-occurrence rows the item-to-item strategies read. Everything is keyed by product index.
import { CoOccurrence } from './cooccurrence';
import { Tally } from './tally';

/** What a visitor did with a product (from `ecProduct` detail, `ecBasketItemAction` add, `ecBasketItemTransaction`). */
export type InteractionKind = 'view' | 'add' | 'purchase';

/** Index sizes: the bounds that keep memory and the cost of one interaction flat. */
const LIMITS = {
  /** Distinct products of a visitor's recent views (and purchases) that co-occur with a new one. */
  visitorWindow: 24,
  /** Neighbours kept per product in each co-occurrence index. */
  neighbours: 256,
  /** Transactions of a visitor remembered for "bought next" (the seed's, the next, the one after). */
  transactions: 3,
} as const;

/** Weight of a purchase made 1 or 2 transactions after the seed's (`pllr_bought_next`). */
const NEXT_PURCHASE_WEIGHTS = [1, 0.5] as const;

export const DAY_MS = 86_400_000;

interface Visitor {
  /** Recent distinct viewed products, oldest first. */
  viewed: number[];
  /** Recent distinct bought products, oldest first. */
  bought: number[];
  /** Recent transactions, oldest first. */
  transactions: { id: string; items: number[] }[];
}

export class Interactions {
  readonly views = new Tally();
  readonly adds = new Tally();
  /** Units bought. */
  readonly purchases = new Tally();
  /** Distinct visitors who viewed / bought each product (entries into a visitor's window). */
  readonly viewers = new Tally();
  readonly buyers = new Tally();
  /** Visitors who viewed anything, bought anything, did either. */
  viewUsers = 0;
  buyUsers = 0;
  users = 0;
  /** Distinct products seen per kind (the partner strategies' prerequisite). */
  readonly distinct: Record<InteractionKind, number> = { view: 0, add: 0, purchase: 0 };
  /** Visitors who viewed both / bought both. */
  readonly viewedTogether = new CoOccurrence(LIMITS.neighbours);
  readonly boughtTogether = new CoOccurrence(LIMITS.neighbours);
  /** Visitors who viewed the row's product and bought the neighbour. */
  readonly viewedThenBought = new CoOccurrence(LIMITS.neighbours);
  /** Weighted count of the neighbour bought in the 1st / 2nd transaction after the row's product. */
  readonly boughtNext = new CoOccurrence(LIMITS.neighbours);
  /** UTC day number → views per product that day. */
  readonly dailyViews = new Map<number, Tally>();
  private readonly visitors = new Map<string, Visitor>();

  /** Records one interaction. `at` is epoch ms; `quantity` counts units bought. */
  record(
    kind: InteractionKind,
    visitorId: string,
    product: number,
    at: number,
    transactionId = '',
    quantity = 1,
  ): void {
    const visitor = this.visitor(visitorId);
    if (kind === 'view') this.view(visitor, product, at);
    else if (kind === 'add') {
      if (this.adds.add(product, 1) === 1) this.distinct.add++;
    } else this.purchase(visitor, product, at, transactionId, quantity);
  }

  /** The visitor's recent distinct viewed products, oldest first (empty for an unknown visitor). */
  history(visitorId: string): readonly number[] {
    return this.visitors.get(visitorId)?.viewed ?? [];
  }

  private visitor(id: string): Visitor {
    let visitor = this.visitors.get(id);
    if (!visitor) {
      visitor = { viewed: [], bought: [], transactions: [] };
      this.visitors.set(id, visitor);
    }
    return visitor;
  }

  private view(visitor: Visitor, product: number, at: number): void {
    if (this.views.add(product, 1) === 1) this.distinct.view++;
    const day = Math.floor(at / DAY_MS);
    let daily = this.dailyViews.get(day);
    if (!daily) {
      daily = new Tally();
      this.dailyViews.set(day, daily);
    }
    daily.add(product, 1);

    if (!enterWindow(visitor.viewed, product)) return;
    if (visitor.viewed.length === 1) {
      this.viewUsers++;
      if (visitor.bought.length === 0) this.users++;
    }
    this.viewers.add(product, 1);
    for (const other of visitor.viewed) {
      if (other === product) continue;
      this.viewedTogether.add(product, other, 1);
      this.viewedTogether.add(other, product, 1);
    }
    for (const bought of visitor.bought) this.viewedThenBought.add(product, bought, 1);
  }

  private purchase(visitor: Visitor, product: number, at: number, transactionId: string, quantity: number): void {
    if (this.purchases.add(product, quantity) === quantity) this.distinct.purchase++;
    this.sequence(visitor, product, transactionId || `day:${Math.floor(at / DAY_MS)}`);

    if (!enterWindow(visitor.bought, product)) return;
    if (visitor.bought.length === 1) {
      this.buyUsers++;
      if (visitor.viewed.length === 0) this.users++;
    }
    this.buyers.add(product, 1);
    for (const other of visitor.bought) {
      if (other === product) continue;
      this.boughtTogether.add(product, other, 1);
      this.boughtTogether.add(other, product, 1);
    }
    for (const viewed of visitor.viewed) this.viewedThenBought.add(viewed, product, 1);
  }

  /** Per-visitor transaction sequence: links the product to those of the 1 or 2 transactions before. */
  private sequence(visitor: Visitor, product: number, transactionId: string): void {
    const transactions = visitor.transactions;
    let current = transactions[transactions.length - 1];
    if (current?.id !== transactionId) {
      current = { id: transactionId, items: [] };
      transactions.push(current);
      if (transactions.length > LIMITS.transactions) transactions.shift();
    }
    if (current.items.includes(product)) return;
    current.items.push(product);
    for (let back = 1; back <= NEXT_PURCHASE_WEIGHTS.length; back++) {
      const earlier = transactions[transactions.length - 1 - back];
      if (!earlier) break;
      for (const seed of earlier.items)
        if (seed !== product) this.boughtNext.add(seed, product, NEXT_PURCHASE_WEIGHTS[back - 1]);
    }
  }
}

/** Moves `product` to the end of a visitor's window; true when it was not in the window. */
function enterWindow(window: number[], product: number): boolean {
  const at = window.indexOf(product);
  if (at >= 0) {
    window.splice(at, 1);
    window.push(product);
    return false;
  }
  window.push(product);
  if (window.length > LIMITS.visitorWindow) window.shift();
  return true;
}
