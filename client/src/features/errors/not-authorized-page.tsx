import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

/** `/pages/miscellaneous/not-authorized`: signed in, but this account may not open that page. */
export default function NotAuthorizedPage() {
  return (
    <Result
      status="403"
      title={<h1 className="result-title">You are not authorized</h1>}
      subTitle="Your account does not have permission to open that page. Ask your account owner if you need access."
      extra={
        <Link to="/">
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}
