import { Button, type ButtonProps } from 'antd';
import { useNavigate } from 'react-router-dom';

/**
 * A button-looking link: one real <a href> for people and crawlers (no button nested in a link,
 * which screen readers and axe reject), navigating inside the app on a plain click.
 */
export function LinkButton({ to, ...props }: Omit<ButtonProps, 'href' | 'onClick'> & { to: string }) {
  const navigate = useNavigate();
  return (
    <Button
      {...props}
      href={to}
      onClick={(event) => {
        if (event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
        event.preventDefault();
        void navigate(to);
      }}
    />
  );
}
