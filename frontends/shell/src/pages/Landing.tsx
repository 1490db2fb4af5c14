import { LinkButton } from '@beatmatch/frontend-common';

// The first page most visitors see: plain elements (no antd Card/Grid/Typography), so it paints
// from the smallest bundle.
const muted = { color: 'rgba(0, 0, 0, 0.55)' };

function PathCard({ title, text, to, action }: { title: string; text: string; to: string; action: string }) {
  return (
    <section className="landing-card">
      <h2 style={{ margin: '0 0 12px', fontSize: 18 }}>{title}</h2>
      <p style={{ margin: '0 0 20px', lineHeight: 1.6 }}>{text}</p>
      <LinkButton to={to} type="primary" size="large">
        {action}
      </LinkButton>
    </section>
  );
}

export function Landing() {
  return (
    <div className="landing">
      <h1 style={{ fontSize: 'clamp(30px, 6vw, 44px)', lineHeight: 1.2, margin: 0, maxWidth: 760 }}>
        Listen to beats, choose Pass or Match, and your next hit finds you.
      </h1>
      <p style={{ ...muted, fontSize: 18, maxWidth: 640, margin: 0, lineHeight: 1.6 }}>
        The beat marketplace where producers sell their beats and artists find them, helped by analysis of
        every beat.
      </p>
      <div className="landing-paths">
        <PathCard
          title="For Producers"
          text="Upload your beats and sell them to artists. Keep 100% of every sale, no commission."
          to="/producers"
          action="I sell beats"
        />
        <PathCard
          title="For Artists"
          text="Swipe through beats, match with the ones you love and buy a licence in minutes."
          to="/artists"
          action="I buy beats"
        />
      </div>
      <p style={{ ...muted, margin: 0 }}>We do not train our AI on uploaded beats.</p>
    </div>
  );
}
