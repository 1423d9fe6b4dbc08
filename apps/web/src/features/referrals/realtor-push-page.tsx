import { PartnersSection } from './partners-section';
import { ReferralsSection } from './referrals-section';

/** /realtor-push: sellers who want a retail price, referred to licensed partners for a share of the commission. */
export function RealtorPushPage() {
  return (
    <div className="grid gap-8">
      <header>
        <h1 className="text-2xl font-semibold tracking-tight">Realtor push</h1>
        <p className="mt-1 text-sm text-muted-foreground">
          Refer sellers who want a retail price to a partner agent. The partner answers through an emailed link, and the referral fee counts in your revenue.
        </p>
      </header>
      <ReferralsSection />
      <PartnersSection />
    </div>
  );
}
