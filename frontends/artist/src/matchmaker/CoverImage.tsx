import { CustomerServiceOutlined } from '@ant-design/icons';

/**
 * A beat's cover filling its box: the catalog's cover route, or (null) the default image, drawn here
 * so it needs no request. The beat's name is shown beside it, so the image is decorative.
 */
export function CoverImage({ url }: { url: string | null | undefined }) {
  if (url) return <img src={url} alt="" draggable={false} />;
  return (
    <span className="mm-default-cover" aria-hidden data-testid="default-cover">
      <CustomerServiceOutlined />
    </span>
  );
}
