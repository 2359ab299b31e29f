import { FormScreen } from './form-screen';
import { useFormScreen } from './use-form-screen';

/** A settings screen rendered from its JSON schema (category settings and other forms). */
export default function FormScreenPage() {
  const screen = useFormScreen();
  return (
    <section className="page" aria-labelledby="page-title">
      <FormScreen screen={screen} />
    </section>
  );
}
