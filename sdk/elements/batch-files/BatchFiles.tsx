import styled from 'styled-components';
import { useResource } from '../../core/resource/hooks';
import { batchFiles } from '../../core/batches/batches';
import type { FileListResponse } from '../../core/api/batches';
import { ErrorText, Heading, Spinner, DataTable, tokens, type DataColumn } from '../../ui';

type Row = FileListResponse['data'][number];

const Wrap = styled.section`
  display: grid;
  /* minmax(0, …): a wide table scrolls inside its box instead of widening the element. */
  grid-template-columns: minmax(0, 1fr);
  gap: 12px;
  h1 { margin: 0; }
  a { color: ${tokens.primaryStrong}; }
  .gz-scroll { overflow-x: auto; }
`;

const columns: DataColumn<Row>[] = [
  { key: 'name', header: 'Name', render: (r) => r.name },
  { key: 'description', header: 'Description', render: (r) => r.description },
  { key: 'type', header: 'Type', render: (r) => r.type },
  { key: 'batch', header: 'Batch', render: (r) => r.batch_id ?? r.study_name },
  {
    key: 'link', header: 'Link',
    render: (r) => (r.url ? <a href={r.url} target="_blank" rel="noopener noreferrer" download={r.type === 'url' ? undefined : r.name}>Open {r.name}</a> : '–'),
  },
];

export function BatchFiles() {
  const files = useResource(batchFiles, undefined);
  return (
    <Wrap part="batch-files">
      <Heading part="title">Files</Heading>
      {files.status === 'error' ? <ErrorText>{files.error}</ErrorText> : null}
      {!files.data && files.status !== 'error' ? <Spinner /> : (
        <div className="gz-scroll">
          <DataTable
          caption="Batch files" columns={columns} rows={files.data?.data ?? []} rowKey={(r) => r.id} empty="No files yet" />
        </div>
      )}
    </Wrap>
  );
}
