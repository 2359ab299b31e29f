import { Button, Result } from 'antd';
import { useNavigate } from 'react-router-dom';
import { usePathOf } from '../../../lib/router/use-path-of';

/** A link that leads to no request (mistyped, cut off, or tampered with): say so kindly and offer a way on. */
export function RequestNotFound() {
  const navigate = useNavigate();
  const pathOf = usePathOf();
  return (
    <Result
      status="404"
      title={<h1 className="result-title">We could not find this request</h1>}
      subTitle="The link may be incomplete: mail apps sometimes cut long links. Open it again from the latest email we sent you, or ask for quotes again."
      extra={
        <Button type="primary" size="large" onClick={() => void navigate(pathOf('request-quotes'))}>
          Get quotes
        </Button>
      }
    />
  );
}
