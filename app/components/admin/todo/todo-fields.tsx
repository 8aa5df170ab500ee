import TextField, { type TextFieldProps } from "@mui/material/TextField";
import { FormTextField } from "#app/components/form-text-field";
import {
  TODO_DUE_MAX,
  TODO_DUE_MIN,
  TODO_PRIORITIES,
  TODO_PRIORITY_LABELS,
  TODO_STATUSES,
  TODO_STATUS_LABELS,
  TODO_TITLE_MAX_LENGTH,
} from "#app/models/todo-vocabulary";

/** An administrator the item can be assigned to, as the select names them. */
export interface AssigneeChoice {
  id: string;
  label: string;
}

type Errors = Partial<Record<string, string>>;

/** The shared look of the short fields: small enough for several in a row. */
const fieldProps = { size: "small", fullWidth: true } satisfies Partial<TextFieldProps>;

export function TodoTitleField({
  defaultValue,
  errors,
  label = "Title",
}: {
  defaultValue: string;
  errors: Errors;
  label?: string;
}) {
  return (
    <FormTextField
      name="title"
      label={label}
      defaultValue={defaultValue}
      errors={errors}
      required
      fullWidth
      slotProps={{ htmlInput: { maxLength: TODO_TITLE_MAX_LENGTH } }}
    />
  );
}

/** Nobody, or one of the administrators (the viewer first names themselves "you"). */
export function AssigneeField({
  choices,
  defaultValue,
  errors,
}: {
  choices: readonly AssigneeChoice[];
  defaultValue: string;
  errors: Errors;
}) {
  return (
    <TextField
      {...fieldProps}
      name="assigneeId"
      label="Assignee"
      select
      defaultValue={defaultValue}
      error={Boolean(errors.assigneeId)}
      helperText={errors.assigneeId}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      <option value="">Nobody</option>
      {choices.map((choice) => (
        <option key={choice.id} value={choice.id}>
          {choice.label}
        </option>
      ))}
    </TextField>
  );
}

export function DueDateField({ defaultValue, errors }: { defaultValue: string; errors: Errors }) {
  return (
    <TextField
      {...fieldProps}
      name="dueOn"
      label="Due date"
      type="date"
      defaultValue={defaultValue}
      error={Boolean(errors.dueOn)}
      helperText={errors.dueOn ?? "Optional. Overdue once the day is over in UTC."}
      slotProps={{ inputLabel: { shrink: true }, htmlInput: { min: TODO_DUE_MIN, max: TODO_DUE_MAX } }}
    />
  );
}

export function PriorityField({ defaultValue, errors }: { defaultValue: string; errors: Errors }) {
  return (
    <TextField
      {...fieldProps}
      name="priority"
      label="Priority"
      select
      defaultValue={defaultValue}
      error={Boolean(errors.priority)}
      helperText={errors.priority}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {TODO_PRIORITIES.map((priority) => (
        <option key={priority} value={priority}>
          {TODO_PRIORITY_LABELS[priority]}
        </option>
      ))}
    </TextField>
  );
}

export function StatusField({ defaultValue, errors }: { defaultValue: string; errors: Errors }) {
  return (
    <TextField
      {...fieldProps}
      name="status"
      label="Status"
      select
      defaultValue={defaultValue}
      error={Boolean(errors.status)}
      helperText={errors.status}
      slotProps={{ select: { native: true }, inputLabel: { shrink: true } }}
    >
      {TODO_STATUSES.map((status) => (
        <option key={status} value={status}>
          {TODO_STATUS_LABELS[status]}
        </option>
      ))}
    </TextField>
  );
}
