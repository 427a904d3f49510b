import { ColumnHeaders } from '~/ui/data-table';

/**
 * The header of a scorecard's table by hole, wherever a card is shown by hole (the administrator's card on /scores,
 * the golfers' board on /me/scorecard): Golfer, each hole's number, then the running Gross, Net and Thru.
 */
export function CardTableHead({ holes }: { holes: readonly { number: number }[] }) {
  return (
    <thead>
      <tr>
        <th scope="col" className="px-1 text-left">
          Golfer
        </th>
        {holes.map((h) => (
          <th key={h.number} scope="col" className="px-1">
            {h.number}
          </th>
        ))}
        <ColumnHeaders labels={['Gross', 'Net', 'Thru']} className="px-1" />
      </tr>
    </thead>
  );
}
