"""The page: answering the browser's requests, rendering results and the address's fragment."""
