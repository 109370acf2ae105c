import type { Metadata } from 'next';
import type { ReactNode } from 'react';
import './shop.css';

export const metadata: Metadata = { title: 'svc example shop' };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body>
        <header className="masthead">svc example shop</header>
        {children}
        <footer className="footer">Prices include VAT. Delivery in 2-4 working days.</footer>
      </body>
    </html>
  );
}
