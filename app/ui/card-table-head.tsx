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
        <th scope="col" className="px-1">
          Gross
        </th>
        <th scope="col" className="px-1">
          Net
        </th>
        <th scope="col" className="px-1">
          Thru
        </th>
      </tr>
    </thead>
  );
}
