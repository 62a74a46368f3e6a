"""A minimal agent for the robot gateway, in Python with the standard library only.

It serves both ways and both modes:

  POST /open               the open-session call (default way): a hot-question list
  POST /message            a visitor message (default way): the reply envelope, or SSE events
  POST /v1/chat-messages   a visitor message (platform-A way, Dify's chat API)

It answers a text with "You said: ...", an image with a thank-you, and "转人工" / "human" with a
transfer to a human. Run: python3 agent.py [PORT]  (0 picks a free port; AGENT_TOKEN=... makes it
require `Authorization: Bearer ...`). Its first line on stdout is
`agent listening on http://127.0.0.1:PORT`.
"""

import json
import os
import re
import sys
import time
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

TOKEN = os.environ.get("AGENT_TOKEN")


def reply_to(text):
    """What to say to a visitor's text (or image, when text is empty), and whether to transfer."""
    if re.search(r"人工|human", text, re.IGNORECASE):
        return "正在为您转接人工客服 / Connecting you to a human.", True
    if not text:
        return "Thanks, I received your image.", False
    return f"You said: {text}", False


def envelope(conversation_id, answers):
    """The default way's reply envelope (spec 2.4) around answers."""
    return {"status": 200, "code": "success",
            "data": {"conversationId": conversation_id, "answers": answers, "metadata": {}}}


def open_session(push):
    inputs = push.get("inputs") or {}
    return envelope(f"conv-{inputs.get('uniqueId', push['visitorId'])}", [{
        "answerType": "message",
        "answerContent": {"type": 103, "content": {
            "subtype": 10301,
            "content": "猜你想问 / Popular questions",
            "scene": "HotQuestion",
            "options": [{"content": "How do I track my order?"}, {"content": "human"}],
        }},
    }]), None


def default_message(push):
    inputs = push.get("inputs") or {}
    conversation_id = push.get("conversationId") or f"conv-{inputs.get('uniqueId', push['visitorId'])}"
    first = push["data"][0]
    is_text = int(first["messageType"]) == 100
    text, transfer = reply_to(first["message"]["content"] if is_text else "")
    if push.get("responseMode") == "streaming":
        return None, [
            ("message", {"event": "message", "conversation_id": conversation_id, "answer": [{
                "message_id": "m-1", "content_type": "text", "content": text,
                "created_at": int(time.time() * 1000)}]}),
            ("end", {"event": "end", "conversation_id": conversation_id, "answer": [
                {"metadata": {"command": "TRANSFER_HUMAN"} if transfer else {}}]}),
        ]
    answers = [{"answerType": "message", "answerContent": {"type": 100, "content": {"content": text}}}]
    if transfer:
        answers.append({"answerType": "action",
                        "answerContent": {"actionType": "TRANSFER_HUMAN", "actionData": {}}})
    return envelope(conversation_id, answers), None


def chat_message(request):
    inputs = request.get("inputs") or {}
    conversation_id = request.get("conversation_id") or f"conv-{inputs.get('uniqueId', request.get('user'))}"
    text, transfer = reply_to(request.get("query") or "")
    # A transfer, the platform-A way, is a line the gateway reads (spec 4.3).
    answer = f">transfer_human:{text}" if transfer else text
    ids = {"task_id": "task-1", "id": "msg-1", "message_id": "msg-1",
           "conversation_id": conversation_id}
    created_at = int(time.time())
    if request.get("response_mode") == "streaming":
        return None, [
            (None, {"event": "message", **ids, "answer": answer, "created_at": created_at}),
            (None, {"event": "message_end", **ids, "metadata": {}}),
        ]
    return {"event": "message", **ids, "mode": "chat", "answer": answer, "metadata": {},
            "created_at": created_at}, None


ROUTES = {"/open": open_session, "/message": default_message, "/v1/chat-messages": chat_message}


class Agent(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"

    def do_POST(self):
        route = ROUTES.get(self.path.split("?")[0])
        if route is None:
            return self.send(404, "application/json", {"message": "not found"})
        if TOKEN is not None and self.headers.get("Authorization") != f"Bearer {TOKEN}":
            return self.send(401, "application/json",
                             {"status": 401, "code": "unauthorized", "message": "wrong Bearer token"})
        body = json.loads(self.rfile.read(int(self.headers.get("Content-Length", 0))))
        reply, events = route(body)
        if events is None:
            return self.send(200, "application/json", reply)
        stream = "".join((f"event: {name}\n" if name else "") + f"data: {json.dumps(data, ensure_ascii=False)}\n\n"
                         for name, data in events)
        self.send(200, "text/event-stream", stream)

    def send(self, status, content_type, body):
        data = (body if isinstance(body, str) else json.dumps(body, ensure_ascii=False)).encode()
        self.send_response(status)
        self.send_header("Content-Type", content_type)
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def log_message(self, *args):
        pass  # quiet: the gateway's inspector shows every push


if __name__ == "__main__":
    server = ThreadingHTTPServer(("127.0.0.1", int(sys.argv[1]) if len(sys.argv) > 1 else 3000), Agent)
    print(f"agent listening on http://127.0.0.1:{server.server_address[1]}", flush=True)
    server.serve_forever()
