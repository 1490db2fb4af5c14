import { FilterOutlined, HeartFilled, HistoryOutlined } from '@ant-design/icons';
import { Badge, Button } from 'antd';
import type { ReactNode } from 'react';
import type { AreaPaths } from './areaPaths';
import { filtersApplied, matchBadge, type FilterState } from './filters';
import { LinkButton } from '@beatmatch/frontend-common';

/** Filters (dotted when applied), View History, Matches (count capped at 99) and Upgrade. */
export function PlayerToolbar({
  paths,
  filters,
  matches,
  onFilters,
  upgradeLink,
}: {
  paths: AreaPaths;
  filters: FilterState;
  matches: number;
  onFilters(): void;
  upgradeLink: ReactNode;
}) {
  return (
    <div className="mm-toolbar">
      <Badge dot={filtersApplied(filters)} offset={[-4, 4]}>
        <Button icon={<FilterOutlined />} onClick={onFilters}>
          Filters
        </Button>
      </Badge>
      <LinkButton to={paths.playHistory} icon={<HistoryOutlined />}>
        View History
      </LinkButton>
      <Badge count={matchBadge(matches)} showZero={false} color="#7c3aed">
        <LinkButton
          to={paths.matchList}
          icon={<HeartFilled />}
          aria-label={`Matches (${matches})`}
          data-testid="player-matches"
        >
          Matches
        </LinkButton>
      </Badge>
      {upgradeLink}
    </div>
  );
}
