import { useMutation } from "@apollo/client/react";
import { useState, type SubmitEvent } from "react";
import { UpdateCampaignMutation } from "./documents.js";
import type { CampaignFieldsFragment } from "./generated/gql/graphql.js";
import { microsOfUnits, unitsOfMicros } from "./money.js";

/** Messages per input field (`name`, `dailyBudget`), and one for the whole form. */
type Problems = Partial<Record<"name" | "dailyBudget" | "form", string>>;

/** A violation's field is a path (`name`, or `input.name`): its last part names the input. */
const fieldOf = (path: string) => path.split(".").at(-1) ?? path;

export function CampaignEditor(props: { campaign: CampaignFieldsFragment; onSaved: () => void }) {
  const { campaign } = props;
  const [name, setName] = useState(campaign.name);
  const [daily, setDaily] = useState(
    campaign.dailyBudget ? unitsOfMicros(campaign.dailyBudget.micros) : "",
  );
  const [problems, setProblems] = useState<Problems>({});
  const [update, { loading }] = useMutation(UpdateCampaignMutation);

  const save = async (event: SubmitEvent<HTMLFormElement>) => {
    event.preventDefault();
    const dailyBudget = daily.trim() === "" ? undefined : microsOfUnits(daily);
    if (daily.trim() !== "" && dailyBudget === undefined) {
      setProblems({ dailyBudget: "Enter an amount such as 12.50." });
      return;
    }
    const { data, error } = await update({
      variables: {
        input: { id: campaign.id, name, ...(dailyBudget !== undefined && { dailyBudget }) },
      },
    });
    const result = data?.updateCampaign;
    if (result === undefined) {
      setProblems({ form: error?.message ?? "No answer." });
      return;
    }
    switch (result.__typename) {
      case "UpdateCampaignPayload":
        setProblems({});
        props.onSaved();
        return;
      case "ValidationError": {
        const next: Problems = {};
        for (const violation of result.violations) {
          const field = fieldOf(violation.field);
          if (field === "name" || field === "dailyBudget") next[field] = violation.message;
          else next.form = violation.message;
        }
        setProblems(next);
        return;
      }
      default:
        setProblems({ form: result.message });
    }
  };

  return (
    <form
      className="editor"
      aria-label={`Edit ${campaign.name}`}
      onSubmit={(event) => void save(event)}
    >
      <label>
        Name
        <input
          name="name"
          value={name}
          aria-invalid={problems.name !== undefined}
          onChange={(event) => {
            setName(event.target.value);
          }}
        />
      </label>
      {problems.name && (
        <p className="field-error" role="alert" data-field="name">
          {problems.name}
        </p>
      )}
      <label>
        Daily budget ({campaign.currency})
        <input
          name="dailyBudget"
          inputMode="decimal"
          value={daily}
          aria-invalid={problems.dailyBudget !== undefined}
          onChange={(event) => {
            setDaily(event.target.value);
          }}
        />
      </label>
      {problems.dailyBudget && (
        <p className="field-error" role="alert" data-field="dailyBudget">
          {problems.dailyBudget}
        </p>
      )}
      {problems.form && (
        <p className="field-error" role="alert">
          {problems.form}
        </p>
      )}
      <button type="submit" disabled={loading}>
        {loading ? "Saving…" : "Save"}
      </button>
    </form>
  );
}
