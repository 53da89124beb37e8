interface AccountItem {
  id: string;
  rawId: string;
  name: string;
}

export function AccountList(props: {
  accounts: readonly AccountItem[];
  selected: string | undefined;
  onSelect: (id: string) => void;
}) {
  return (
    <nav className="accounts" aria-label="Accounts">
      <h2>Accounts</h2>
      <ul>
        {props.accounts.map((account) => (
          <li key={account.id}>
            <button
              type="button"
              aria-current={account.id === props.selected}
              onClick={() => {
                props.onSelect(account.id);
              }}
            >
              {account.name} <small>{account.rawId}</small>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
