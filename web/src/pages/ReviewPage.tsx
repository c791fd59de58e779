import { useParams } from 'react-router';
import { ReviewView } from '../modules/review/components/ReviewView';
import '../modules/review/review.css';

/** /project/:id/review (issue 20), lazy-loaded: the grid's libraries stay out of the first load. */
export default function ReviewPage() {
  const { id = '' } = useParams();
  return <ReviewView key={id} projectId={id} />;
}
