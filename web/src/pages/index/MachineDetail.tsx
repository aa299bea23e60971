// One mining machine by ?id=.
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { keys } from '../../api/keys';
import { isNotServed } from '../../api/list';
import { usePageParams } from '../../app/params';
import { EmptyState } from '../../components/EmptyState';
import { RecordItem, type RecordRow } from '../../components/RecordList';

export default function MachineDetail() {
  const { t } = useTranslation();
  const id = usePageParams().get('id') ?? '';
  const machine = useQuery({
    queryKey: keys.public.list('/api/common/machine/detail', { id }),
    enabled: id !== '',
    queryFn: async () => {
      try {
        return await api.get<RecordRow>('/api/common/machine/detail', { id }, { hideError: true });
      } catch (error) {
        if (isNotServed(error)) return null;
        throw error;
      }
    },
  });
  return (
    <div className="page">
      {machine.data ? <RecordItem row={machine.data} /> : <EmptyState text={t('list.noData')} />}
    </div>
  );
}
