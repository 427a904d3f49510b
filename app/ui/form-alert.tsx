/** A form's failure in words (shown inside the dialog, so it also shows without JavaScript). */
export function FormAlert({ id, title, messages }: { id?: string; title: string; messages?: string[] | null }) {
  if (!messages?.length) return null;
  return (
    <div id={id} role="alert" className="rounded-md border border-red-300 bg-red-50 p-3 text-sm text-red-800">
      <p className="font-semibold">{title}</p>
      {messages.map((m) => (
        <p key={m}>{m}</p>
      ))}
    </div>
  );
}
