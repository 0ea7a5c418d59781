/**
 * One line of money as a payer reads it, wherever they read it — the checkout page, the receipt
 * page, the receipt e-mail, an order's confirmation: the thing, its options, and how many, said
 * once ("Hummus with warm pita (Spiced lamb) × 2"). The quantity is never part of a line's name,
 * so no page can say it twice, nor leave it out.
 */
export interface LineWords {
  name: string;
  /** Chosen with it, shown in brackets after the name (a dish's toppings). */
  options?: readonly string[];
  quantity: number;
}

export const lineText = (line: LineWords) =>
  `${line.name}${line.options?.length ? ` (${line.options.join(', ')})` : ''}${line.quantity > 1 ? ` × ${line.quantity}` : ''}`;

/** The line and what it comes to, for plain-text e-mails: "Moving box kit: Small × 3: $117.00". */
export const lineWithAmount = (line: LineWords, amount: string) => `${lineText(line)}: ${amount}`;
