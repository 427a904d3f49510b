import { ColumnHeaders } from '~/ui/data-table';

/**
 * The header of a scorecard's table by hole, wherever a card is shown by hole (the administrator's card on /scores,
 * the golfers' board on /me/scorecard): Golfer, each hole's number, then the running Gross, Net and Thru.
 */
export function CardTableHead({
  holes,
  cellPadding = 'px-1',
}: {
  holes: readonly { number: number }[];
  /** The cells' side padding, as the table's body has it (the phone's board is tighter, to fit 9 holes on 375 px). */
  cellPadding?: string;
}) {
  return (
    <thead>
      <tr>
        <th scope="col" className={`${cellPadding} text-left`}>
          Golfer
        </th>
        {holes.map((h) => (
          <th key={h.number} scope="col" className={cellPadding}>
            {h.number}
          </th>
        ))}
        <ColumnHeaders labels={['Gross', 'Net', 'Thru']} className={cellPadding} />
      </tr>
    </thead>
  );
}
