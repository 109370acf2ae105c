import { redirect } from 'next/navigation';

/** The shop's front door leads to a product page. */
export default function Home() {
  redirect('/product/p001');
}
