import { Button, Result } from 'antd';
import { Link } from 'react-router-dom';

/** `/error-404`: the page does not exist; offer the way home. */
export default function NotFoundPage() {
  return (
    <Result
      status="404"
      title={<h1 className="result-title">Page not found</h1>}
      subTitle="We couldn't find the page you were looking for."
      extra={
        <Link to="/">
          <Button type="primary">Back to home</Button>
        </Link>
      }
    />
  );
}
