import { CombinedGraphQLErrors } from "@apollo/client";
import { useApolloClient, useQuery } from "@apollo/client/react";
import { useState } from "react";
import { AccountList } from "./account-list.js";
import { ActivityFeed } from "./activity-feed.js";
import { CampaignList } from "./campaign-list.js";
import { ViewerQuery } from "./documents.js";

/** True when the facade answered that nobody is signed in. */
function isUnauthenticated(error: unknown): boolean {
  return (
    CombinedGraphQLErrors.is(error) &&
    error.errors.some((item) => item.extensions?.code === "UNAUTHENTICATED")
  );
}

/** Signed out: the facade's sign-in (a redirect to the ads service's page and back). */
function SignIn() {
  return (
    <main className="sign-in">
      <h1>adsgraph dashboard</h1>
      <p>Sign in with your ads account to see your campaigns.</p>
      <a className="button" href="/auth/login">
        Sign in
      </a>
    </main>
  );
}

export function App() {
  const client = useApolloClient();
  const { data, error, loading } = useQuery(ViewerQuery);
  const [accountId, setAccountId] = useState<string>();

  if (loading) return <p className="status">Loading…</p>;
  if (isUnauthenticated(error)) return <SignIn />;
  if (error !== undefined) return <p role="alert">Could not load: {error.message}</p>;
  const viewer = data?.viewer;
  if (!viewer) return <SignIn />;

  const signOut = async () => {
    // JSON content type: the facade refuses a sign-out a form of another site could send.
    await fetch("/auth/logout", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: "{}",
    });
    await client.clearStore();
    window.location.assign("/");
  };
  const accounts = viewer.accounts?.edges.map((edge) => edge.node) ?? [];

  return (
    <div className="layout">
      <header>
        <h1>adsgraph dashboard</h1>
        <span>
          Signed in as <strong>{viewer.screenName}</strong>
        </span>
        <button type="button" onClick={() => void signOut()}>
          Sign out
        </button>
      </header>
      <AccountList accounts={accounts} selected={accountId} onSelect={setAccountId} />
      <section className="campaigns">
        {accountId === undefined ? (
          <p className="status">Pick an account.</p>
        ) : (
          <CampaignList key={accountId} accountId={accountId} />
        )}
      </section>
      <ActivityFeed />
    </div>
  );
}
