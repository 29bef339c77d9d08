/**
 * The automatic-discount message. The live region stays in the page, so a message appearing after a quantity
 * change is announced politely.
 */
export function DynamicDiscountMessage({ message }: { message: string | null }) {
  return (
    <div role="status" className="dynamic-discount">
      {message ? <p className="notice notice--info">{message}</p> : null}
    </div>
  );
}
