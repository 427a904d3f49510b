import { buttonClass } from '~/ui/primitives/button';

/**
 * "Download CSV" for a list page: a plain link (not Remix's), so the browser downloads the file and stays on the
 * page, with or without JavaScript. The file's columns are the importer's (docs/decisions/042-csv-exports.md).
 */
export function DownloadCsvLink({
  type,
  season,
}: {
  type: 'golfers' | 'rounds' | 'memberships' | 'flights' | 'courses';
  season?: number;
}) {
  const href = season === undefined ? `/export/${type}` : `/export/${type}?season=${season}`;
  return (
    <a href={href} download className={buttonClass('secondary')}>
      Download CSV
    </a>
  );
}
