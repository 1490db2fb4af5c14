import { CustomerServiceOutlined } from '@ant-design/icons';

/**
 * A beat's cover: the catalog's cover route, or (null: no cover) the default image, drawn here so it
 * needs no request. The beat's name sits next to it, so the image itself is decorative.
 */
export function CoverArt({ url, size = 64 }: { url?: string | null; size?: number }) {
  const box = { width: size, height: size, borderRadius: 8, flex: 'none' as const };
  if (url) return <img src={url} alt="" width={size} height={size} style={{ ...box, objectFit: 'cover' }} />;
  return (
    <span
      aria-hidden
      data-testid="default-cover"
      style={{
        ...box,
        display: 'inline-flex',
        alignItems: 'center',
        justifyContent: 'center',
        background: 'linear-gradient(135deg, #7c3aed, #db2777)',
        color: '#fff',
        fontSize: size * 0.45,
      }}
    >
      <CustomerServiceOutlined />
    </span>
  );
}
