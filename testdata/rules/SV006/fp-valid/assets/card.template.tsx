import { memo } from 'react';
import { {{CardData}} } from '@/types';

type {{CardName}}Props = { data: {{CardData}}; width?: number };

export const {{CardName}} = memo(function {{CardName}}({ data, width }: {{CardName}}Props) {
  return (
    <div style={{ width: width ?? 240, height: 'auto' }}>
      <span style={{width}}>{data.title}</span>
    </div>
  );
});
