import { lazy, Suspense } from 'react';
import { Loading } from '../../../ui/Loading';
// With the page's own styles (not the lazy chunk), so the panel is styled from its first frame.
import '../delivery.css';

/** The Delivery panel is loaded only when a project page opens (first-load budget). */
const DeliveryPanel = lazy(() => import('./DeliveryPanel'));

export function LazyDeliveryPanel(props: { projectId: string; processing: boolean }) {
  return (
    <Suspense fallback={<Loading />}>
      <DeliveryPanel {...props} />
    </Suspense>
  );
}
