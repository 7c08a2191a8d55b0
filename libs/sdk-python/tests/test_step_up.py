"""StepUpRequiredError: the service's 401 ``step_up_required`` (contract §19) is told apart from a bad token."""

from __future__ import annotations

import http.client
import unittest

from storefront_platform import ApiError, StepUpRequiredError
from storefront_platform._transport import Response, api_error


def _answer(status: int, body: object) -> Response:
    return Response(status=status, headers=http.client.HTTPMessage(), body=body, request_id="req-1")


class StepUpRequiredErrorTest(unittest.TestCase):
    def test_a_step_up_problem_is_a_step_up_required_error_with_its_max_age(self) -> None:
        error = api_error(_answer(401, {"status": 401, "code": "step_up_required", "detail": "Confirm it's you.", "maxAge": 600}))
        self.assertIsInstance(error, StepUpRequiredError)
        self.assertIsInstance(error, ApiError)
        assert isinstance(error, StepUpRequiredError)
        self.assertEqual((error.status, error.code, error.max_age, error.request_id), (401, "step_up_required", 600, "req-1"))

    def test_another_401_stays_a_plain_api_error(self) -> None:
        error = api_error(_answer(401, {"status": 401, "code": "invalid_token"}))
        self.assertNotIsInstance(error, StepUpRequiredError)
        self.assertEqual(error.code, "invalid_token")


if __name__ == "__main__":
    unittest.main()
