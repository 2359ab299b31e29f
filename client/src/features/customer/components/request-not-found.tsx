import { Result } from 'antd';
import { LinkButton } from '../../../components/link-button';
import { usePathOf } from '../../../lib/router/use-path-of';

/** A link that leads to no request (mistyped, cut off, or tampered with): say so kindly and offer a way on. */
export function RequestNotFound() {
  const pathOf = usePathOf();
  return (
    <Result
      status="404"
      title={<h1 className="result-title">We could not find this request</h1>}
      subTitle="The link may be incomplete: mail apps sometimes cut long links. Open it again from the latest email we sent you, or ask for quotes again."
      extra={
        <LinkButton type="primary" size="large" to={pathOf('request-quotes')}>
          Get quotes
        </LinkButton>
      }
    />
  );
}
