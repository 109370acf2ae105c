// The page's Consent Mode defaults, set before any tag: denied until the banner is answered.
gtag('consent', 'default', { analytics_storage: 'denied', personalization_storage: 'denied', ad_storage: 'denied' });
