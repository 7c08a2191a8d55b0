/* eslint-disable */
// Generated from the service's OpenAPI document by scripts/sdk-types.mjs. Do not edit: run `npm run sdk:types`.

export interface paths {
    "/.well-known/oauth-authorization-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** OAuth 2.0 authorization server metadata (RFC 8414); issuer = PUBLIC_URL. */
        get: operations["WellKnownController_metadata"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/live": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The process is up (no I/O). */
        get: operations["HealthController_live"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The database answers. */
        get: operations["HealthController_ready"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/media/{storeId}/{mediaId}/{name}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A media’s original or rendition: immutable caching, an ETag, byte ranges (206), nosniff and a sandbox CSP; 404 once the media or its store is deleted. */
        get: operations["MediaFilesController_serve"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/app/installation": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** An installed app token's installation (a store app's token: 404 installation_not_found). */
        get: operations["InstallationApiController_self"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/app/store": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The app token's store (scope store:read). Account and public tokens get 403. */
        get: operations["AppApiController_store"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/factors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The account's second factors and how many unused recovery codes it has. */
        get: operations["FactorsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/factors/passkeys": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Register a passkey with the browser's answer to the creation options; the account's first factor comes with 10 recovery codes (shown once). Counts as verifying a factor in this session. */
        post: operations["FactorsController_addPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/factors/passkeys/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Remove a passkey (with the last factor, the recovery codes go too). */
        delete: operations["FactorsController_removePasskey"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/factors/passkeys/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebAuthn creation options for a new passkey (resident key, user verification required); the challenge is single use, lives 300 s and belongs to this session. Needs step-up when the account already has a factor. */
        post: operations["FactorsController_passkeyCreationOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/factors/recovery-codes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Ten new recovery codes (shown once); the earlier ones die. */
        post: operations["FactorsController_regenerateRecoveryCodes"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/factors/totp": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Start setting up an authenticator app: a new secret and its otpauth URL, pending until confirmed (a new POST replaces a pending one). Needs step-up when the account already has a factor. */
        post: operations["FactorsController_startTotp"];
        /** Remove the authenticator app (with the last factor, the recovery codes go too). */
        delete: operations["FactorsController_removeTotp"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/factors/totp/confirm": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Confirm the pending authenticator with one of its codes; the account's first factor comes with 10 recovery codes (shown once). Counts as verifying a factor in this session. */
        post: operations["FactorsController_confirmTotp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/github": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start signing in with GitHub: a redirect to GitHub with a single-use state. */
        get: operations["SocialController_startGithub"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/github/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The GitHub redirect back: a token pair, or a redirect to the start's redirect_uri with a login_code. */
        get: operations["SocialController_githubCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/google": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Start signing in with Google: a redirect to Google with a single-use state. */
        get: operations["SocialController_startGoogle"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/google/callback": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The Google redirect back: a token pair, or a redirect to the start's redirect_uri with a login_code. */
        get: operations["SocialController_googleCallback"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a sign-in code to an e-mail address (same answer whether or not an account exists). */
        post: operations["AuthController_login"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login/exchange": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Trade a login_code from a social sign-in redirect for a token pair. */
        post: operations["SocialController_exchange"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login/mfa": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The second step of sign-in: the answer (`totp`, `recoveryCode` or `passkey`) to an `mfaToken`; the new session counts as verified for step-up. */
        post: operations["FactorsController_answerSignIn"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login/mfa/passkey-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebAuthn request options to answer an mfaToken with one of the account's passkeys. */
        post: operations["FactorsController_signInPasskeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/login/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Exchange the e-mailed code for a token pair; creates the account on first sign-in. */
        post: operations["AuthController_verify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End this session: its access and refresh tokens are dead at once. */
        post: operations["AuthController_logout"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/logout-all": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** End every session of the account, this one included. */
        post: operations["AuthController_logoutAll"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The signed-in account. */
        get: operations["AuthController_me"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/oauth/authorize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Authorization request of an installed app (code grant, PKCE S256 required, state required): 302 to the console’s consent page, or to redirect_uri with error, state and iss. */
        get: operations["AuthorizeController_authorize"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/oauth/introspect": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Introspect one of the client’s access tokens (RFC 7662); dead or foreign → {active:false}. */
        post: operations["OAuthController_introspect"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/oauth/revoke": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Revoke one of the client’s access tokens, or an installed app’s refresh token with its whole grant (RFC 7009); 200 also for an unknown token. */
        post: operations["OAuthController_revoke"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/oauth/token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * Access tokens: client_credentials for store apps (§5); authorization_code and refresh_token for installed apps (§13).
         * @description Client authentication by HTTP Basic (client_secret_basic, id and secret form-urlencoded) or by client_id/client_secret in the body (client_secret_post) — not both. Store apps get no refresh token; installed apps get a rotating refresh_token and their store_id.
         */
        post: operations["OAuthController_token"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkeys/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Sign in with a passkey (user verification makes it both factors): a token pair; the session counts as verified for step-up. */
        post: operations["FactorsController_signInWithPasskey"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/passkeys/login/options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebAuthn request options for passkey sign-in without an e-mail code: no account named, any passkey of this site. */
        post: operations["FactorsController_passkeySignInOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/providers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The sign-in methods this deployment has turned on (for sign-in pages and SDKs). */
        get: operations["AuthController_providers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Rotate a refresh token: a new pair, the old refresh token dead; reuse kills the session. */
        post: operations["AuthController_refresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The live sessions of the account. */
        get: operations["AuthController_listSessions"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/sessions/{sessionId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke one of the account's sessions; another account's id is 404. */
        delete: operations["AuthController_revokeSession"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/step-up": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Step-up (RFC 9470): verify a second factor; from the next request, on every instance, this session counts as verified for 600 s. */
        post: operations["FactorsController_stepUp"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/auth/step-up/passkey-options": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** WebAuthn request options for step-up with one of the account's passkeys. */
        post: operations["FactorsController_stepUpPasskeyOptions"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/media/uploads/{uploadId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** The disk backend’s upload URL: a multipart/form-data form with every field of the staged upload first, then the file as `file` (as S3 POST Object). */
        post: operations["MediaFilesController_upload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Your installable apps, oldest first, without secrets (with their hints). */
        get: operations["DeveloperAppsController_list"];
        put?: never;
        /** Register an installable app; its client secret and webhook secret are in this response only. */
        post: operations["DeveloperAppsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/apps/{appId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of your installable apps. */
        get: operations["DeveloperAppsController_get"];
        /** Change any registration field. New scopes change what the app may ask for next; installations keep their grant. */
        put: operations["DeveloperAppsController_update"];
        post?: never;
        /** Delete the app: every installation ends as an uninstall does. */
        delete: operations["DeveloperAppsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/apps/{appId}/installations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The stores that installed the app, oldest installation first. */
        get: operations["DeveloperAppsController_installations"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/apps/{appId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new client secret (shown once): the old secret and every access token of the app are refused at once; refresh tokens keep working with the new secret. */
        post: operations["DeveloperAppsController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/apps/{appId}/rotate-webhook-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new webhook secret (shown once); for 24 h deliveries carry a signature with each secret. */
        post: operations["DeveloperAppsController_rotateWebhookSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/invitations/accept": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Accept an invitation with the token of its link: the signed-in account, whose e-mail must be the invitation's, joins the store with its role. Works once. */
        post: operations["InvitationsController_accept"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/invitations/preview": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** What an invitation link offers — the store's name, the role, who invited, the address it was sent to — for the invitation page before accepting. The token goes in the body, never in the path (it would reach logs). Changes nothing. */
        post: operations["InvitationsController_preview"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/oauth/consent": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The consent page’s content: the app, each scope in words, and the stores where you may install apps (owner, admin, developer). */
        get: operations["ConsentController_view"];
        put?: never;
        /** Install (allow: a code for the app) or Cancel (deny: access_denied); answers where the browser goes next. */
        post: operations["ConsentController_decide"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One of the caller’s stores, with the caller’s role in it. */
        get: operations["StoresController_get"];
        /** Edit any subset of the store’s fields (validated as in their stage); onboarding progress is unchanged. */
        put: operations["StoresController_update"];
        post?: never;
        /** Delete the store and everything it owns (the owner only); final — every route answers 404 after. */
        delete: operations["StoresController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/events": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's events (every committed change to its resources), newest first, kept EVENT_RETENTION_DAYS. */
        get: operations["EventsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/installations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The apps installed in the store: who installed each, when, and what it may do. */
        get: operations["InstallationsController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/installations/{installationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Uninstall: every token of the installation is refused on the very next request, its webhooks stop, and the app receives app.uninstalled. */
        delete: operations["InstallationsController_uninstall"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/invitations": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's pending invitations (not accepted, not expired), oldest first. */
        get: operations["InvitationsController_list"];
        put?: never;
        /** Invite an e-mail address to the store with a role (an admin: developers and staff only). A mail carries the link `PUBLIC_URL/console/invitations/<token>`; inviting the address again replaces the invitation (the old link dies). */
        post: operations["InvitationsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/invitations/{invitationId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Revoke an invitation: its link dies. */
        delete: operations["InvitationsController_revoke"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/media": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store’s media, newest first, optionally of one purpose. */
        get: operations["MediaController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/media/{mediaId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One media of the store. */
        get: operations["MediaController_get"];
        put?: never;
        post?: never;
        /** Delete a media: it leaves every product using it and its URLs answer 404 at once; its objects are removed in the background. */
        delete: operations["MediaController_delete"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/media/uploads": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stage an upload: a signed HTML form (S3 POST Object) for exactly `size` bytes of `contentType`, valid 10 minutes. Branding purposes need the `edit` permission. */
        post: operations["MediaController_createUpload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/media/uploads/{uploadId}/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Check the uploaded file (length, magic bytes, decoding, pixel limit) and make it a media with its renditions; 200 with the same media when completed before. */
        post: operations["MediaController_complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/members": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's members with their roles, the owner first. */
        get: operations["MembersController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/members/{accountId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a member's role (the owner: to any member role; an admin: developers and staff only). Takes effect on the member's very next request. */
        put: operations["MembersController_update"];
        post?: never;
        /** Remove a member, or leave the store (any member but the owner may remove itself). Refused on its very next request. */
        delete: operations["MembersController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/onboarding/complete": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Complete onboarding: the store becomes active. Idempotent on an active store. */
        post: operations["OnboardingController_complete"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/onboarding/stage2": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stage 2: branding images (favicon, black-and-white and colour logos). */
        post: operations["OnboardingController_stage2"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/onboarding/stage3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stage 3: contact — mobile, support e-mail, address, region; landline, WhatsApp, GSTIN optional. */
        post: operations["OnboardingController_stage3"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/onboarding/stage4": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stage 4: social links (an empty list is a valid answer). */
        post: operations["OnboardingController_stage4"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/orders": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's orders with their lines, newest first. */
        get: operations["OwnerOrdersController_list"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/orders/{orderId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One order of the store, with its lines and total. */
        get: operations["OwnerOrdersController_get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/orders/{orderId}/cancel": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Cancel an open order, putting every line’s stock back in the same transaction (event `order.cancelled`). */
        post: operations["OwnerOrdersController_cancel"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/orders/{orderId}/fulfil": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Mark an open order fulfilled (event `order.fulfilled`). */
        post: operations["OwnerOrdersController_fulfil"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/orders/{orderId}/mark-paid": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** (v1.4) Mark a pending order paid (event `order.paid`); a paid one answers unchanged, without a second event. */
        post: operations["OwnerOrdersController_markPaid"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/products": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's products, newest first; `query` searches titles and handles. */
        get: operations["OwnerProductsController_list"];
        put?: never;
        /** Create a product (event `product.created`). */
        post: operations["OwnerProductsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/products/{productId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** One product of the store. */
        get: operations["OwnerProductsController_get"];
        /** Change any subset of the fields (event `product.updated`); a new currency needs a price. */
        put: operations["OwnerProductsController_update"];
        post?: never;
        /** Delete the product (event `product.deleted`): gone from the catalogue, its handle free; past orders keep naming it. */
        delete: operations["OwnerProductsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/products/{productId}/images": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add an image (a media of the store, purpose `product_image`) after the others. */
        post: operations["ProductImagesController_add"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/products/{productId}/images/{imageId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change an image’s alt text (null clears it) or move it to another position. */
        put: operations["ProductImagesController_update"];
        post?: never;
        /** Remove an image from the product (the media stays); the ones after it move up. */
        delete: operations["ProductImagesController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/products/{productId}/variants": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Add a variant (one value of every option); answers the product. */
        post: operations["OwnerProductVariantsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/products/{productId}/variants/{variantId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change a variant's price, compare-at price, SKU, stock or image; answers the product. */
        put: operations["OwnerProductVariantsController_update"];
        post?: never;
        /** Delete a variant (the last one stays: `last_variant`); answers the product. */
        delete: operations["OwnerProductVariantsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/public-tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's public tokens, oldest first, without the token (with `tokenHint`). */
        get: operations["PublicTokensController_list"];
        put?: never;
        /** Create a read-only public token for a store; the token is in this response only. */
        post: operations["PublicTokensController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/public-tokens/{tokenId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change its name, scopes or allowed origins (a partial update: absent fields keep their value; `allowedOrigins: []` clears them). The token value stays. */
        put: operations["PublicTokensController_update"];
        post?: never;
        /** Delete the token; it is dead at once. */
        delete: operations["PublicTokensController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/public-tokens/{tokenId}/rotate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new token value (shown once); the old one is dead at once. */
        post: operations["PublicTokensController_rotate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/transfer": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Transfer the ownership to another member (the owner only): it becomes the owner and the caller an admin, in one transaction. Answers the store, with the caller’s new role. */
        post: operations["MembersController_transfer"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/webhooks": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The store's webhook endpoints, oldest first, with `secretHint` instead of the secret. */
        get: operations["WebhooksController_list"];
        put?: never;
        /** Add a webhook endpoint (at most 20 per store); the signing secret (`whsec_…`) is in this answer only. */
        post: operations["WebhooksController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/webhooks/{webhookId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        /** Change an endpoint (any of url, events, description, enabled); enabling clears disabledReason and the failure count. */
        put: operations["WebhooksController_update"];
        post?: never;
        /** Delete an endpoint: nothing more is sent to it, pending deliveries included. */
        delete: operations["WebhooksController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/webhooks/{webhookId}/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** The endpoint's deliveries, newest first, each with every attempt. */
        get: operations["WebhooksController_deliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** One more attempt of the delivery now, with the same `webhook-id` (at most 60 a minute per store). */
        post: operations["WebhooksController_retry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/webhooks/{webhookId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new signing secret (in this answer only); for 24 h deliveries carry a signature with each secret. */
        post: operations["WebhooksController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/{id}/webhooks/{webhookId}/test": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Send a `webhook.test` event to this endpoint alone (at most 10 a minute per store). */
        post: operations["WebhooksController_sendTest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/@me": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** Every store the caller is a member of, with its role there, oldest first. */
        get: operations["StoresController_listMine"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/oauth/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** A store's OAuth apps, oldest first, without secrets (with `secretHint`). */
        get: operations["OAuthAppsController_list"];
        put?: never;
        /** Create an OAuth app for one of your stores; the client secret is in this response only. */
        post: operations["OAuthAppsController_create"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/oauth/apps/{appId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** Delete the app; every token it issued dies at once. */
        delete: operations["OAuthAppsController_remove"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/oauth/apps/{appId}/rotate-secret": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** A new client secret (shown once); the old secret and every token it issued die at once. */
        post: operations["OAuthAppsController_rotateSecret"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/v1/user/stores/onboarding/stage1": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** Stage 1: create a store (name, description), the caller its owner; it starts in onboarding. */
        post: operations["OnboardingController_stage1"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
}
export type webhooks = Record<string, never>;
export interface components {
    schemas: {
        AcceptedInvitationDto: {
            /** @enum {string} */
            role: "owner" | "admin" | "developer" | "staff";
            /** Format: uuid */
            storeId: string;
        };
        AcceptInvitationDto: {
            /** @description The token of the invitation link (`…/console/invitations/<token>`). */
            token: string;
        };
        AccountRefDto: {
            /** @example asha@example.com */
            email: string;
            /** Format: uuid */
            id: string;
        };
        AddPasskeyDto: {
            /**
             * @description A name to tell your passkeys apart (trimmed, 1–100 characters).
             * @example Laptop
             */
            name: string;
            /** @description The browser's `RegistrationResponseJSON` to the options of POST /v1/auth/factors/passkeys/options. */
            response: {
                [key: string]: unknown;
            };
        };
        AddProductImageDto: {
            altText?: string | null;
            /**
             * Format: uuid
             * @description Unknown, malformed or another store’s: 404 `media_not_found`.
             */
            mediaId: string;
        };
        AddressDto: {
            /** @example Bengaluru */
            city: string;
            /**
             * @description ISO 3166-1 alpha-2; upper-cased.
             * @example IN
             */
            country: string;
            /** @example 12 MG Road */
            line1: string;
            /** @example Floor 3 */
            line2?: string | null;
            /** @example 560001 */
            postalCode: string;
            /** @example Karnataka */
            state: string;
        };
        AppInstallationDto: {
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            installedAt: string;
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** Format: uuid */
            storeId: string;
            storeName: string;
        };
        AppStoreDto: {
            /** Format: uuid */
            id: string;
            name: string;
        };
        AuthorizationServerMetadataDto: {
            authorization_endpoint: string;
            authorization_response_iss_parameter_supported: boolean;
            code_challenge_methods_supported: string[];
            grant_types_supported: string[];
            introspection_endpoint: string;
            introspection_endpoint_auth_methods_supported: string[];
            issuer: string;
            response_modes_supported: string[];
            response_types_supported: string[];
            revocation_endpoint: string;
            revocation_endpoint_auth_methods_supported: string[];
            scopes_supported: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            service_documentation: string;
            token_endpoint: string;
            token_endpoint_auth_methods_supported: string[];
        };
        CancelOrderDto: {
            /** @example Customer asked to cancel. */
            reason?: string;
        };
        ConsentAppDto: {
            homepageUrl: string | null;
            name: string;
        };
        ConsentDecisionDto: {
            clientId: string;
            codeChallenge: string;
            /** @enum {string} */
            codeChallengeMethod: "S256";
            /** @enum {string} */
            decision: "allow" | "deny";
            redirectUri: string;
            /**
             * @description Space-separated: exactly the scopes the consent page showed (the `scopes` of the GET), each registered by the app now. The installation is granted this list.
             * @example store:read products:read
             */
            scope: string;
            state: string;
            /**
             * Format: uuid
             * @description Required to allow; a Cancel may leave it out.
             */
            storeId?: string;
        };
        ConsentRedirectDto: {
            /** @description Where the browser goes next: redirect_uri?code=…&state=…&iss=…&store_id=… (allow) or ?error=access_denied&state=…&iss=… (deny). */
            redirectTo: string;
        };
        ConsentStoreDto: {
            /** @description [] where the app is not installed. */
            grantedScopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** Format: uuid */
            id: string;
            /** @description The app is installed in this store already. */
            installed: boolean;
            name: string;
        };
        ConsentViewDto: {
            app: components["schemas"]["ConsentAppDto"];
            scopes: components["schemas"]["ScopeSentenceDto"][];
            /** @description The stores where the caller may install apps (owner, admin, developer). */
            stores: components["schemas"]["ConsentStoreDto"][];
        };
        CreateDeveloperAppDto: {
            homepageUrl?: string | null;
            /** @example Stock sync */
            name: string;
            /**
             * @description Exact URIs (string-equal at authorization): `https://` without a fragment, or `http://` on localhost, 127.0.0.1 or [::1] (any port).
             * @example [
             *       "https://app.example.com/oauth/callback"
             *     ]
             */
            redirectUris: string[];
            /**
             * @example [
             *       "store:read",
             *       "products:read"
             *     ]
             */
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** @description Store events to receive; each needs a read scope the app asks for (product.* products:read, order.* orders:read, store.*, member.* and app.installed store:read). app.uninstalled is always delivered. */
            webhookEvents?: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled")[];
            /** @description Where the app receives webhooks (§11 URL rules). */
            webhookUrl?: string | null;
        };
        CreateOAuthAppDto: {
            /** @example Inventory sync */
            name: string;
            /**
             * @description Default: every scope.
             * @example [
             *       "store:read",
             *       "products:read"
             *     ]
             */
            scopes?: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /**
             * Format: uuid
             * @description A store where the caller’s role allows integrations (owner, admin, developer).
             */
            storeId: string;
        };
        CreateProductDto: {
            /**
             * @description ISO 4217 code, upper case; left out: the store's.
             * @example INR
             */
            currencyCode?: string;
            description?: string | null;
            /** @example darjeeling-tea */
            handle: string;
            /** @description (v1.4) Required without `variants`. */
            inventory?: number;
            /** @description (v1.4) At most 3. */
            options?: components["schemas"]["ProductOptionDto"][];
            /**
             * @description A decimal string, not negative, with at most the currency's digits. (v1.4) Required without `variants`.
             * @example 499.00
             */
            price?: string;
            /** @example Darjeeling tea */
            title: string;
            /** @description (v1.4) One value of every option each; they replace the default variant. */
            variants?: components["schemas"]["CreateVariantDto"][];
        };
        CreatePublicTokenDto: {
            /**
             * @description Origins (`scheme://host[:port]`) a browser may call the storefront from with this token; a request with another `Origin` is refused (GraphQL `FORBIDDEN`), and CORS preflights are answered for them. `[]` (the default): any origin, CORS as `CORS_ORIGINS` says.
             * @example [
             *       "https://shop.example.com"
             *     ]
             */
            allowedOrigins?: string[];
            /** @example Web storefront */
            name: string;
            /** @description Default: `store:read` and `products:read`; `cart:write` (carts and checkout) only when asked for. */
            scopes?: ("store:read" | "products:read" | "cart:write")[];
        };
        CreateUploadDto: {
            /**
             * @description `image/x-icon` for a favicon only; never SVG.
             * @enum {string}
             */
            contentType: "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "image/avif" | "image/x-icon";
            /** @description A label only: object keys never come from it. */
            filename: string;
            /** @enum {string} */
            purpose: "favicon" | "logo" | "product_image";
            /** @description Bytes, 1 … MEDIA_MAX_BYTES: the form accepts exactly this length. */
            size: number;
        };
        CreateVariantDto: {
            compareAtPrice?: string | null;
            /**
             * Format: uuid
             * @description One of the product's images (its `images[].id`); another's or none: 400 naming `imageId`.
             */
            imageId?: string | null;
            inventory: number;
            /**
             * @description In the product's currency.
             * @example 499.00
             */
            price: string;
            /** @description One value of every option. */
            selectedOptions: components["schemas"]["SelectedOptionDto"][];
            sku?: string | null;
        };
        CreateWebhookDto: {
            description?: string | null;
            /**
             * @description Event types to receive, or ["*"] for every type.
             * @example [
             *       "product.created",
             *       "order.created"
             *     ]
             */
            events: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "app.created" | "app.secret_rotated" | "app.deleted" | "public_token.created" | "public_token.rotated" | "public_token.deleted" | "webhook.test" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled" | "*")[];
            /**
             * @description `https://`, no credentials (http:// and local addresses only with WEBHOOK_ALLOW_LOCAL).
             * @example https://example.com/hooks/storefront
             */
            url: string;
        };
        DeliveryAttemptModel: {
            /** Format: date-time */
            at: string;
            durationMs: number;
            /**
             * @description Why there was no answer; null when the endpoint answered. A name that does not resolve is `blocked_address`.
             * @enum {string|null}
             */
            error: "timeout" | "connection_error" | "blocked_address" | null;
            /** @description The HTTP status the endpoint answered. */
            statusCode: number | null;
        };
        DeliveryModel: {
            /** @description Every attempt, oldest first. */
            attempts: components["schemas"]["DeliveryAttemptModel"][];
            /**
             * Format: uuid
             * @description Also the `webhook-id` header of every attempt.
             */
            eventId: string;
            /** @enum {string} */
            eventType: "store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "app.created" | "app.secret_rotated" | "app.deleted" | "public_token.created" | "public_token.rotated" | "public_token.deleted" | "webhook.test" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled";
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            nextAttemptAt: string | null;
            /** @enum {string} */
            status: "pending" | "succeeded" | "failed";
        };
        DeliveryPageModel: {
            /** @description Newest first. */
            data: components["schemas"]["DeliveryModel"][];
            /** @description Pass as `after` for the next page; null on the last. */
            nextCursor: string | null;
        };
        DeliveryQueuedModel: {
            /** Format: uuid */
            deliveryId: string;
        };
        DeveloperAppCredentialsDto: {
            /** @example sfi_5f0c… */
            clientId: string;
            /**
             * @description Shown here (and at rotation) only.
             * @example sfs_…
             */
            clientSecret: string;
            /** Format: date-time */
            createdAt: string;
            homepageUrl: string | null;
            /** Format: uuid */
            id: string;
            name: string;
            redirectUris: string[];
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            webhookEvents: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled")[];
            /**
             * @description Shown here (and at rotation) only.
             * @example whsec_…
             */
            webhookSecret: string;
            webhookUrl: string | null;
        };
        DeveloperAppDto: {
            /** @example sfi_5f0c… */
            clientId: string;
            /** Format: date-time */
            createdAt: string;
            homepageUrl: string | null;
            /** Format: uuid */
            id: string;
            /** @description Stores that have the app installed. */
            installCount: number;
            name: string;
            redirectUris: string[];
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** @description The last 4 characters of the client secret. */
            secretHint: string;
            webhookEvents: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled")[];
            /** @description The last 4 characters of the webhook secret. */
            webhookSecretHint: string;
            webhookUrl: string | null;
        };
        EventActorModel: {
            /**
             * Format: uuid
             * @description The account, app or public token id; null for the system.
             */
            id: string | null;
            /** @description An app's name as it was when the event happened; null for accounts (the store's owner: see docs/events.md) and the system. */
            name: string | null;
            /** @enum {string} */
            type: "account" | "app" | "public_token" | "system";
        };
        EventModel: {
            actor: components["schemas"]["EventActorModel"];
            /** Format: date-time */
            createdAt: string;
            /** @description The resource as this API shows it, without secrets (`{ id }` for a deletion); see docs/events.md. */
            data: {
                [key: string]: unknown;
            };
            /**
             * Format: uuid
             * @description Unique; webhook receivers deduplicate on it.
             */
            id: string;
            /** Format: uuid */
            storeId: string;
            /** @enum {string} */
            type: "store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "app.created" | "app.secret_rotated" | "app.deleted" | "public_token.created" | "public_token.rotated" | "public_token.deleted" | "webhook.test" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled";
        };
        EventPageModel: {
            /** @description Newest first. */
            data: components["schemas"]["EventModel"][];
            /** @description Pass as `after` for the next (older) page; null on the last page. */
            nextCursor: string | null;
        };
        FactorAnswerDto: {
            /** @description A passkey assertion (`AuthenticationResponseJSON`) to the options of the matching passkey-options route. */
            passkey?: {
                [key: string]: unknown;
            };
            /**
             * @description An unused recovery code (hyphens and case do not matter).
             * @example ABCD-EFGH-JKMN
             */
            recoveryCode?: string;
            /**
             * @description A code of the authenticator app.
             * @example 123456
             */
            totp?: string;
        };
        FactorsDto: {
            passkeys: components["schemas"]["PasskeyDto"][];
            recoveryCodesLeft: number;
            totp: components["schemas"]["TotpFactorDto"] | null;
        };
        InstallationEventDto: {
            /** Format: uuid */
            appId: string;
            /** Format: uuid */
            installationId: string;
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** Format: uuid */
            storeId: string;
        };
        InstallationSelfDto: {
            /** Format: uuid */
            appId: string;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            installedAt: string;
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** Format: uuid */
            storeId: string;
        };
        InstalledByDto: {
            /** @description Null once the account is gone. */
            email: string | null;
            /** Format: uuid */
            id: string;
        };
        IntrospectionResponseDto: {
            active: boolean;
            client_id?: string;
            exp?: number;
            iat?: number;
            iss?: string;
            /** @example store:read */
            scope?: string;
            /** Format: uuid */
            store_id?: string;
            /** @description The app id. */
            sub?: string;
            /** @example Bearer */
            token_type?: string;
        };
        InvitationDto: {
            /** Format: date-time */
            createdAt: string;
            /** @example ravi@example.com */
            email: string;
            /**
             * Format: date-time
             * @description The link works until then (INVITATION_TTL).
             */
            expiresAt: string;
            /** Format: uuid */
            id: string;
            /** @description The member who sent it. */
            invitedBy: components["schemas"]["AccountRefDto"];
            /** @enum {string} */
            role: "admin" | "developer" | "staff";
        };
        InvitationPreviewDto: {
            /**
             * @description The address it was sent to (only it may accept).
             * @example ravi@example.com
             */
            email: string;
            /**
             * Format: date-time
             * @description The link works until then (INVITATION_TTL).
             */
            expiresAt: string;
            /** @description The member who sent it. */
            invitedBy: components["schemas"]["AccountRefDto"];
            /** @enum {string} */
            role: "admin" | "developer" | "staff";
            /**
             * @description The name of the store the invitation is to.
             * @example Asha Tea House
             */
            storeName: string;
        };
        InviteMemberDto: {
            /**
             * @description Trimmed and lower-cased, as sign-in e-mails are.
             * @example ravi@example.com
             */
            email: string;
            /**
             * @description The role the invitation gives. An admin may invite only developers and staff.
             * @enum {string}
             */
            role: "admin" | "developer" | "staff";
        };
        LoginAcceptedDto: {
            /** @example 300 */
            expiresIn: number;
            /** @example 60 */
            resendAfter: number;
            /** @example true */
            sent: boolean;
        };
        LoginDto: {
            /** @example ada@example.com */
            email: string;
        };
        LoginExchangeDto: {
            /** @description The RFC 7636 verifier whose S256 challenge was sent at the start (43–128 unreserved characters). */
            code_verifier: string;
            /**
             * @description The login_code from the redirect; single use, 60 s.
             * @example sfl_…
             */
            login_code: string;
        };
        MediaDto: {
            bytes: number;
            /** @enum {string} */
            contentType: "image/png" | "image/jpeg" | "image/webp" | "image/gif" | "image/avif" | "image/x-icon";
            /** Format: date-time */
            createdAt: string;
            filename: string;
            height: number;
            /** Format: uuid */
            id: string;
            /** @enum {string} */
            purpose: "favicon" | "logo" | "product_image";
            /** @description `small`, `medium`, `large` (WebP) — or for a favicon `32`, `180` (PNG squares): URLs. */
            renditions: {
                [key: string]: string;
            };
            /** Format: uuid */
            storeId: string;
            /** @description The original, as uploaded. */
            url: string;
            /** @description As displayed (orientation applied). */
            width: number;
        };
        MediaPageDto: {
            items: components["schemas"]["MediaDto"][];
            nextCursor: string | null;
        };
        MeDto: {
            /** Format: date-time */
            createdAt: string;
            email: string;
            /** Format: uuid */
            id: string;
            /**
             * @example [
             *       "otp"
             *     ]
             */
            providers: string[];
        };
        MemberDto: {
            /** Format: uuid */
            accountId: string;
            /** @example ravi@example.com */
            email: string;
            /** Format: date-time */
            joinedAt: string;
            /** @enum {string} */
            role: "owner" | "admin" | "developer" | "staff";
        };
        MfaAnswerDto: {
            /** @description From the `mfaRequired` answer of sign-in. */
            mfaToken: string;
            /** @description A passkey assertion (`AuthenticationResponseJSON`) to the options of the matching passkey-options route. */
            passkey?: {
                [key: string]: unknown;
            };
            /**
             * @description An unused recovery code (hyphens and case do not matter).
             * @example ABCD-EFGH-JKMN
             */
            recoveryCode?: string;
            /**
             * @description A code of the authenticator app.
             * @example 123456
             */
            totp?: string;
        };
        MfaRequiredDto: {
            methods: ("totp" | "passkey" | "recovery_code")[];
            /** @example true */
            mfaRequired: boolean;
            /** @description Opaque, single use, lives 300 s, dies after 5 wrong answers. */
            mfaToken: string;
        };
        MfaTokenDto: {
            /** @description From the `mfaRequired` answer of sign-in. */
            mfaToken: string;
        };
        MoneyDto: {
            /**
             * @description A decimal string with the currency's digits.
             * @example 499.00
             */
            amount: string;
            /**
             * @description ISO 4217.
             * @example INR
             */
            currencyCode: string;
        };
        OAuthAppCredentialsDto: {
            /** @example sfc_5f0c… */
            clientId: string;
            /**
             * @description Shown here (and at rotation) only; store it now.
             * @example sfs_…
             */
            clientSecret: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** Format: uuid */
            storeId: string;
        };
        OAuthAppDto: {
            /** @example sfc_5f0c… */
            clientId: string;
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /**
             * @description The last 4 characters of the client secret.
             * @example x9Qa
             */
            secretHint: string;
            /** Format: uuid */
            storeId: string;
        };
        OAuthErrorDto: {
            /** @enum {string} */
            error: "invalid_request" | "invalid_client" | "invalid_grant" | "unauthorized_client" | "unsupported_grant_type" | "invalid_scope" | "rate_limited";
            error_description: string;
        };
        OwnerOrderDto: {
            /** Format: date-time */
            cancelledAt: string | null;
            cancelReason: string | null;
            /** Format: date-time */
            createdAt: string;
            customerEmail: string;
            /** Format: date-time */
            fulfilledAt: string | null;
            /** Format: uuid */
            id: string;
            lines: components["schemas"]["OwnerOrderLineDto"][];
            /** Format: date-time */
            paidAt: string | null;
            /**
             * @description (v1.4) A checkout order starts `pending` and is cancelled (`payment_timeout`) if still unpaid after ORDER_HOLD_TTL seconds.
             * @enum {string}
             */
            paymentStatus: "pending" | "paid";
            /**
             * @description `app` for `orderCreate`, `checkout` for a cart's `checkoutComplete`.
             * @enum {string}
             */
            source: "app" | "checkout";
            /** @enum {string} */
            status: "open" | "fulfilled" | "cancelled";
            total: components["schemas"]["MoneyDto"];
        };
        OwnerOrderLineDto: {
            lineTotal: components["schemas"]["MoneyDto"];
            /**
             * Format: uuid
             * @description The product ordered (it may have been deleted since).
             */
            productId: string;
            quantity: number;
            /** @description (v1.4) The variant's SKU as sold. */
            sku: string | null;
            /** @description (v1.4) As sold: the product's title, then the variant's option values. */
            title: string;
            unitPrice: components["schemas"]["MoneyDto"];
            /**
             * Format: uuid
             * @description (v1.4) The variant ordered; null for a line placed before variants.
             */
            variantId: string | null;
        };
        OwnerOrderPageDto: {
            /** @description Newest first. */
            data: components["schemas"]["OwnerOrderDto"][];
            /** @description Pass as `after` for the next (older) page; null on the last page. */
            nextCursor: string | null;
        };
        OwnerProductDto: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            /** @example darjeeling-tea */
            handle: string;
            /** Format: uuid */
            id: string;
            /** @description (v1.4) In order; the first is the featured image. */
            images: components["schemas"]["ProductImageDto"][];
            /** @description Units in stock; never negative. */
            inventory: number;
            /** @description (v1.4) At most 3; [] for a default-only product. */
            options?: components["schemas"]["ProductOptionDto"][];
            price: components["schemas"]["MoneyDto"];
            /** @example Darjeeling tea */
            title: string;
            /** Format: date-time */
            updatedAt: string;
            /** @description (v1.4) Every variant, in position order. */
            variants?: components["schemas"]["ProductVariantDto"][];
        };
        OwnerProductPageDto: {
            /** @description Newest first. */
            data: components["schemas"]["OwnerProductDto"][];
            /** @description Pass as `after` for the next (older) page; null on the last page. */
            nextCursor: string | null;
        };
        PasskeyAddedDto: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            /** @description Ten recovery codes when this is the account's first factor (shown this once), else null. */
            recoveryCodes: string[] | null;
        };
        PasskeyDto: {
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            lastUsedAt: string | null;
            name: string;
        };
        PasskeySignInDto: {
            /** @description The browser's `AuthenticationResponseJSON` to the options of POST /v1/auth/passkeys/login/options. */
            response: {
                [key: string]: unknown;
            };
        };
        ProductImageDto: {
            altText: string | null;
            height: number;
            /** Format: uuid */
            id: string;
            /** @description The medium rendition (640 px on the longer side, WebP). */
            url: string;
            /** @description The original's width as displayed (orientation applied). */
            width: number;
        };
        ProductOptionDto: {
            /** @example Size */
            name: string;
            /**
             * @description 1–100 values, unique.
             * @example [
             *       "S",
             *       "M",
             *       "L"
             *     ]
             */
            values: string[];
        };
        ProductVariantDto: {
            available: boolean;
            compareAtPrice: components["schemas"]["MoneyDto"] | null;
            /** Format: uuid */
            id: string;
            /** @description (v1.4) The image `imageId` names, as the product's `images` show it; null without one. */
            image: components["schemas"]["ProductImageDto"] | null;
            /** Format: uuid */
            imageId: string | null;
            inventory: number;
            position: number;
            price: components["schemas"]["MoneyDto"];
            selectedOptions: components["schemas"]["SelectedOptionDto"][];
            sku: string | null;
            /**
             * @description "Default Title" for the default variant.
             * @example M / Red
             */
            title: string;
        };
        ProvidersDto: {
            /**
             * @description Where an e-mail sign-in code goes: `mail` (SMTP_URL is set), or `log` — development without SMTP_URL (refused in production), where the mail, code included, is written to the server's log.
             * @example mail
             * @enum {string}
             */
            codeDelivery: "mail" | "log";
            /**
             * @description The sign-in methods this deployment has turned on; `otp` is always there.
             * @example [
             *       "otp",
             *       "google"
             *     ]
             */
            providers: ("otp" | "google" | "github")[];
        };
        PublicTokenDto: {
            allowedOrigins: string[];
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            scopes: ("store:read" | "products:read" | "cart:write")[];
            /** Format: uuid */
            storeId: string;
            /** @description The last 4 characters of the token. */
            tokenHint: string;
        };
        PublicTokenIssuedDto: {
            allowedOrigins: string[];
            /** Format: date-time */
            createdAt: string;
            /** Format: uuid */
            id: string;
            name: string;
            scopes: ("store:read" | "products:read" | "cart:write")[];
            /** Format: uuid */
            storeId: string;
            /**
             * @description Shown here (and at rotation) only.
             * @example sfp_…
             */
            token: string;
        };
        RecoveryCodesDto: {
            /** @description Ten single-use codes, shown this once. */
            recoveryCodes: string[];
        };
        RefreshDto: {
            /** @example sfr_… */
            refresh_token: string;
        };
        RotatedClientSecretDto: {
            /** @example sfi_5f0c… */
            clientId: string;
            /** @example sfs_… */
            clientSecret: string;
            /** Format: date-time */
            createdAt: string;
            homepageUrl: string | null;
            /** Format: uuid */
            id: string;
            /** @description Stores that have the app installed. */
            installCount: number;
            name: string;
            redirectUris: string[];
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** @description The last 4 characters of the client secret. */
            secretHint: string;
            webhookEvents: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled")[];
            /** @description The last 4 characters of the webhook secret. */
            webhookSecretHint: string;
            webhookUrl: string | null;
        };
        RotatedWebhookSecretDto: {
            /** @example sfi_5f0c… */
            clientId: string;
            /** Format: date-time */
            createdAt: string;
            homepageUrl: string | null;
            /** Format: uuid */
            id: string;
            /** @description Stores that have the app installed. */
            installCount: number;
            name: string;
            redirectUris: string[];
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** @description The last 4 characters of the client secret. */
            secretHint: string;
            webhookEvents: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled")[];
            /** @example whsec_… */
            webhookSecret: string;
            /** @description The last 4 characters of the webhook secret. */
            webhookSecretHint: string;
            webhookUrl: string | null;
        };
        ScopeSentenceDto: {
            /** @example See the products in the catalogue, with prices and stock. */
            description: string;
            /** @enum {string} */
            scope: "store:read" | "products:read" | "products:write" | "orders:read" | "orders:write";
        };
        SelectedOptionDto: {
            /** @example Size */
            name: string;
            /** @example M */
            value: string;
        };
        SessionDto: {
            /** Format: date-time */
            createdAt: string;
            current: boolean;
            /** Format: uuid */
            id: string;
            ip: string | null;
            /**
             * Format: date-time
             * @description Kept to the minute.
             */
            lastUsedAt: string;
            /**
             * @example otp
             * @enum {string}
             */
            method: "otp" | "google" | "github" | "passkey";
            userAgent: string | null;
        };
        Stage1Dto: {
            /**
             * @description ISO 4217 code, upper case (default USD).
             * @example USD
             */
            currencyCode?: string;
            /** @description 0–2,000 characters; newlines allowed. */
            description?: string | null;
            /**
             * @description Trimmed; 1–100 characters; no bidi control or zero-width characters.
             * @example Chai & Co.
             */
            name: string;
        };
        Stage2Dto: {
            /**
             * Format: uuid
             * @description Favicon (a media of this store), in place of the URL
             */
            faviconMediaId?: string;
            /**
             * Format: uri
             * @description Favicon image — https:// only
             * @example https://cdn.example.com/logo.png
             */
            faviconUrl?: string;
            /**
             * Format: uuid
             * @description Black-and-white logo (a media of this store), in place of the URL
             */
            logoBlackWhiteMediaId?: string;
            /**
             * Format: uri
             * @description Black-and-white logo image — https:// only
             * @example https://cdn.example.com/logo.png
             */
            logoBlackWhiteUrl?: string;
            /**
             * Format: uuid
             * @description Coloured logo (a media of this store), in place of the URL
             */
            logoColorMediaId?: string;
            /**
             * Format: uri
             * @description Colour logo image — https:// only
             * @example https://cdn.example.com/logo.png
             */
            logoColorUrl?: string;
        };
        Stage3Dto: {
            address: components["schemas"]["AddressDto"];
            /**
             * @description GSTIN with a valid check character; upper-cased.
             * @example 27AAPFU0939F1ZV
             */
            gstNumber?: string | null;
            /**
             * @description E.164
             * @example +919876543210
             */
            landline?: string | null;
            /**
             * @description E.164
             * @example +919876543210
             */
            mobile: string;
            /**
             * @description Free text; trimmed, 1–100 characters.
             * @example South India
             */
            region: string;
            /**
             * Format: email
             * @example help@chai.example.com
             */
            supportEmail: string;
            /**
             * @description E.164
             * @example +919876543210
             */
            whatsappNumber?: string | null;
        };
        Stage4Dto: {
            /**
             * @description https:// URLs, at most 10, no duplicates; [] is a valid answer.
             * @example [
             *       "https://instagram.com/chaiandco"
             *     ]
             */
            socialLinks: string[];
        };
        StagedUploadDto: {
            /** Format: date-time */
            expiresAt: string;
            /** @description Every entry as a form field, in this order, before the file part named `file`. */
            fields: {
                [key: string]: string;
            };
            /** Format: uuid */
            id: string;
            /** @description Where to POST the multipart/form-data form. */
            url: string;
        };
        StoreAddressModel: {
            /** @example Bengaluru */
            city: string;
            /**
             * @description ISO 3166-1 alpha-2
             * @example IN
             */
            country: string;
            /** @example 12 MG Road */
            line1: string;
            /** @example Floor 3 */
            line2: string | null;
            /** @example 560001 */
            postalCode: string;
            /** @example Karnataka */
            state: string;
        };
        StoreInstallationDto: {
            /** Format: uuid */
            appId: string;
            appName: string;
            homepageUrl: string | null;
            /** Format: uuid */
            id: string;
            /** Format: date-time */
            installedAt: string;
            installedBy: components["schemas"]["InstalledByDto"];
            scopes: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
        };
        StoreListItemModel: {
            address: components["schemas"]["StoreAddressModel"] | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description ISO 4217; products created without a currencyCode are priced in it.
             * @example USD
             */
            currencyCode: string;
            description: string | null;
            /**
             * Format: uuid
             * @description The media the favicon comes from (its `180` rendition); null for a plain URL.
             */
            faviconMediaId: string | null;
            /** Format: uri */
            faviconUrl: string | null;
            /** @example 27AAPFU0939F1ZV */
            gstNumber: string | null;
            /** Format: uuid */
            id: string;
            /** @example +912226591234 */
            landline: string | null;
            /**
             * Format: uuid
             * @description The media of the black-and-white logo (its `medium` rendition); null for a plain URL.
             */
            logoBlackWhiteMediaId: string | null;
            /** Format: uri */
            logoBlackWhiteUrl: string | null;
            /**
             * Format: uuid
             * @description The media of the coloured logo (its `medium` rendition); null for a plain URL.
             */
            logoColorMediaId: string | null;
            /** Format: uri */
            logoColorUrl: string | null;
            /** @example +919876543210 */
            mobile: string | null;
            /** @example Chai & Co. */
            name: string;
            onboarding: components["schemas"]["StoreOnboardingModel"];
            /** @example South India */
            region: string | null;
            /** @description (v1.4) Members whose account has no second factor are refused on every route of the store (403 `two_factor_required`). Set by the owner. */
            requireTwoFactor: boolean;
            /**
             * @description The caller's role in the store (a member's, never anyone else's).
             * @enum {string}
             */
            role: "owner" | "admin" | "developer" | "staff";
            /**
             * @example [
             *       "https://instagram.com/chaiandco"
             *     ]
             */
            socialLinks: string[];
            /** @enum {string} */
            status: "onboarding" | "active";
            /** Format: email */
            supportEmail: string | null;
            /** @description True when the store requires a second factor and the caller has none: every route of the store answers 403 `two_factor_required` until they add one (under Security). */
            twoFactorRequired: boolean;
            /** Format: date-time */
            updatedAt: string;
            /** @example +919876543210 */
            whatsappNumber: string | null;
        };
        StoreModel: {
            address: components["schemas"]["StoreAddressModel"] | null;
            /** Format: date-time */
            createdAt: string;
            /**
             * @description ISO 4217; products created without a currencyCode are priced in it.
             * @example USD
             */
            currencyCode: string;
            description: string | null;
            /**
             * Format: uuid
             * @description The media the favicon comes from (its `180` rendition); null for a plain URL.
             */
            faviconMediaId: string | null;
            /** Format: uri */
            faviconUrl: string | null;
            /** @example 27AAPFU0939F1ZV */
            gstNumber: string | null;
            /** Format: uuid */
            id: string;
            /** @example +912226591234 */
            landline: string | null;
            /**
             * Format: uuid
             * @description The media of the black-and-white logo (its `medium` rendition); null for a plain URL.
             */
            logoBlackWhiteMediaId: string | null;
            /** Format: uri */
            logoBlackWhiteUrl: string | null;
            /**
             * Format: uuid
             * @description The media of the coloured logo (its `medium` rendition); null for a plain URL.
             */
            logoColorMediaId: string | null;
            /** Format: uri */
            logoColorUrl: string | null;
            /** @example +919876543210 */
            mobile: string | null;
            /** @example Chai & Co. */
            name: string;
            onboarding: components["schemas"]["StoreOnboardingModel"];
            /** @example South India */
            region: string | null;
            /** @description (v1.4) Members whose account has no second factor are refused on every route of the store (403 `two_factor_required`). Set by the owner. */
            requireTwoFactor: boolean;
            /**
             * @description The caller's role in the store (a member's, never anyone else's).
             * @enum {string}
             */
            role: "owner" | "admin" | "developer" | "staff";
            /**
             * @example [
             *       "https://instagram.com/chaiandco"
             *     ]
             */
            socialLinks: string[];
            /** @enum {string} */
            status: "onboarding" | "active";
            /** Format: email */
            supportEmail: string | null;
            /** Format: date-time */
            updatedAt: string;
            /** @example +919876543210 */
            whatsappNumber: string | null;
        };
        StoreOnboardingModel: {
            /** Format: date-time */
            completedAt: string | null;
            /**
             * @description Stages filled so far, ascending.
             * @example [
             *       1,
             *       2
             *     ]
             */
            completedStages: number[];
            /**
             * @description The stage to fill next; null when all are filled (call complete) or the store is active.
             * @enum {number|null}
             */
            nextStage: 2 | 3 | 4 | null;
        };
        StoreTransferDto: {
            /** @description The previous owner, now an admin. */
            from: components["schemas"]["MemberDto"];
            /** @description The new owner. */
            to: components["schemas"]["MemberDto"];
        };
        TokenByValueRequestDto: {
            /** @description client_secret_post only (else HTTP Basic). */
            client_id?: string;
            /** @description client_secret_post only (else HTTP Basic). */
            client_secret?: string;
            /** @description The access token. */
            token: string;
            /**
             * @description Accepted and ignored (the token says what it is).
             * @enum {string}
             */
            token_type_hint?: "access_token" | "refresh_token";
        };
        TokenPairDto: {
            access_token: string;
            /** @example 900 */
            expires_in: number;
            refresh_token: string;
            /** Format: uuid */
            session_id: string;
            /** @example Bearer */
            token_type: string;
        };
        TokenRequestDto: {
            /** @description client_secret_post only (else HTTP Basic). */
            client_id?: string;
            /** @description client_secret_post only (else HTTP Basic). */
            client_secret?: string;
            /** @description authorization_code: the code from the redirect. */
            code?: string;
            /** @description authorization_code: the PKCE verifier (RFC 7636). */
            code_verifier?: string;
            /** @enum {string} */
            grant_type: "client_credentials" | "authorization_code" | "refresh_token";
            /** @description authorization_code: the redirect_uri of the authorize request. */
            redirect_uri?: string;
            /** @description refresh_token: the current refresh token. */
            refresh_token?: string;
            /** @description Space-separated subset of the app’s scopes; default all of them. */
            scope?: string;
        };
        TokenResponseDto: {
            /** @description A JWT with typ "app" (installed apps: with `iid`, the installation). */
            access_token: string;
            /** @example 3600 */
            expires_in: number;
            /** @description Installed apps only: the next refresh token (rotates on every use). */
            refresh_token?: string;
            /** @example store:read products:read */
            scope: string;
            /**
             * Format: uuid
             * @description Installed apps only: the store it acts for.
             */
            store_id?: string;
            /** @example Bearer */
            token_type: string;
        };
        TotpCodeDto: {
            /** @example 123456 */
            code: string;
        };
        TotpConfirmedDto: {
            /** @description Ten recovery codes when this is the account's first factor (shown this once), else null. */
            recoveryCodes: string[] | null;
        };
        TotpFactorDto: {
            /** Format: date-time */
            createdAt: string;
        };
        TotpSetupDto: {
            /** @example otpauth://totp/Storefront:ada%40example.com?secret=…&issuer=Storefront */
            otpauthUrl: string;
            /** @description Base32; pending until confirmed. */
            secret: string;
        };
        TransferStoreDto: {
            /**
             * Format: uuid
             * @description A member of the store, who becomes its owner.
             */
            accountId: string;
        };
        UpdateDeveloperAppDto: {
            homepageUrl?: string | null;
            name?: string;
            /**
             * @description Exact URIs (string-equal at authorization): `https://` without a fragment, or `http://` on localhost, 127.0.0.1 or [::1] (any port).
             * @example [
             *       "https://app.example.com/oauth/callback"
             *     ]
             */
            redirectUris?: string[];
            scopes?: ("store:read" | "products:read" | "products:write" | "orders:read" | "orders:write")[];
            /** @description Store events to receive; each needs a read scope the app asks for (product.* products:read, order.* orders:read, store.*, member.* and app.installed store:read). app.uninstalled is always delivered. */
            webhookEvents?: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled")[];
            webhookUrl?: string | null;
        };
        UpdateMemberDto: {
            /**
             * @description The new role; ownership moves only by a transfer.
             * @enum {string}
             */
            role: "admin" | "developer" | "staff";
        };
        UpdateProductDto: {
            /** @description ISO 4217; needs `price` with it. */
            currencyCode?: string;
            description?: string | null;
            handle?: string;
            inventory?: number;
            /** @description (v1.4) The options in their stored order: rename options or values, append values (GraphQL productOptionsUpdate). */
            options?: components["schemas"]["ProductOptionDto"][];
            /** @description With `currencyCode` when the currency changes. */
            price?: string;
            title?: string;
        };
        UpdateProductImageDto: {
            altText?: string | null;
            /** @description Where the image moves (0 is the featured image); the others keep their order around it. */
            position?: number;
        };
        UpdatePublicTokenDto: {
            /**
             * @description Origins (`scheme://host[:port]`) a browser may call the storefront from with this token; a request with another `Origin` is refused (GraphQL `FORBIDDEN`), and CORS preflights are answered for them. `[]` (the default): any origin, CORS as `CORS_ORIGINS` says.
             * @example [
             *       "https://shop.example.com"
             *     ]
             */
            allowedOrigins?: string[];
            /** @example Web storefront */
            name?: string;
            scopes?: ("store:read" | "products:read" | "cart:write")[];
        };
        UpdateStoreDto: {
            address?: components["schemas"]["AddressDto"];
            /**
             * @description ISO 4217 code, upper case (default USD).
             * @example USD
             */
            currencyCode?: string;
            /** @description 0–2,000 characters; newlines allowed. */
            description?: string | null;
            /**
             * Format: uuid
             * @description Favicon (a media of this store), in place of the URL
             */
            faviconMediaId?: string;
            /**
             * Format: uri
             * @description Favicon image — https:// only
             * @example https://cdn.example.com/logo.png
             */
            faviconUrl?: string;
            /**
             * @description GSTIN with a valid check character; upper-cased.
             * @example 27AAPFU0939F1ZV
             */
            gstNumber?: string | null;
            /**
             * @description E.164
             * @example +919876543210
             */
            landline?: string | null;
            /**
             * Format: uuid
             * @description Black-and-white logo (a media of this store), in place of the URL
             */
            logoBlackWhiteMediaId?: string;
            /**
             * Format: uri
             * @description Black-and-white logo image — https:// only
             * @example https://cdn.example.com/logo.png
             */
            logoBlackWhiteUrl?: string;
            /**
             * Format: uuid
             * @description Coloured logo (a media of this store), in place of the URL
             */
            logoColorMediaId?: string;
            /**
             * Format: uri
             * @description Colour logo image — https:// only
             * @example https://cdn.example.com/logo.png
             */
            logoColorUrl?: string;
            /**
             * @description E.164
             * @example +919876543210
             */
            mobile?: string;
            /**
             * @description Trimmed; 1–100 characters; no bidi control or zero-width characters.
             * @example Chai & Co.
             */
            name?: string;
            /**
             * @description Free text; trimmed, 1–100 characters.
             * @example South India
             */
            region?: string;
            /** @description Require a second factor of every member (the owner only: others 403 `insufficient_role`; an owner without a factor 409 `two_factor_required`). Needs step-up, on and off. */
            requireTwoFactor?: boolean;
            /**
             * @description https:// URLs, at most 10, no duplicates; [] is a valid answer.
             * @example [
             *       "https://instagram.com/chaiandco"
             *     ]
             */
            socialLinks?: string[];
            /**
             * Format: email
             * @example help@chai.example.com
             */
            supportEmail?: string;
            /**
             * @description E.164
             * @example +919876543210
             */
            whatsappNumber?: string | null;
        };
        UpdateVariantDto: {
            compareAtPrice?: string | null;
            /**
             * Format: uuid
             * @description One of the product's images (its `images[].id`); another's or none: 400 naming `imageId`.
             */
            imageId?: string | null;
            inventory?: number;
            /**
             * @description In the product's currency.
             * @example 499.00
             */
            price?: string;
            sku?: string | null;
        };
        UpdateWebhookDto: {
            description?: string | null;
            /** @description true clears `disabledReason` and the failure count. */
            enabled?: boolean;
            /**
             * @description Event types to receive, or ["*"] for every type.
             * @example [
             *       "product.created",
             *       "order.created"
             *     ]
             */
            events?: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "app.created" | "app.secret_rotated" | "app.deleted" | "public_token.created" | "public_token.rotated" | "public_token.deleted" | "webhook.test" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled" | "*")[];
            url?: string;
        };
        VerifyLoginDto: {
            /** @example ada@example.com */
            email: string;
            /**
             * @description The 6-digit code from the e-mail.
             * @example 123456
             */
            otp: string;
        };
        WebhookCreatedModel: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            /** @enum {string|null} */
            disabledReason: "gone" | "failing" | "manual" | null;
            enabled: boolean;
            events: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "app.created" | "app.secret_rotated" | "app.deleted" | "public_token.created" | "public_token.rotated" | "public_token.deleted" | "webhook.test" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled" | "*")[];
            /** Format: uuid */
            id: string;
            /**
             * @description `whsec_` + base64 of 32 random bytes: the signing secret, in this answer (and at rotation) only.
             * @example whsec_…
             */
            secret: string;
            /** Format: uuid */
            storeId: string;
            url: string;
        };
        WebhookModel: {
            /** Format: date-time */
            createdAt: string;
            description: string | null;
            /**
             * @description `gone`: it answered 410; `failing`: WEBHOOK_DISABLE_AFTER failed deliveries in a row; `manual`: its owner.
             * @enum {string|null}
             */
            disabledReason: "gone" | "failing" | "manual" | null;
            enabled: boolean;
            events: ("store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "app.created" | "app.secret_rotated" | "app.deleted" | "public_token.created" | "public_token.rotated" | "public_token.deleted" | "webhook.test" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled" | "*")[];
            /** Format: uuid */
            id: string;
            /** @description The last 4 characters of the signing secret. */
            secretHint: string;
            /** Format: uuid */
            storeId: string;
            url: string;
        };
    };
    responses: never;
    parameters: never;
    requestBodies: never;
    headers: never;
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    WellKnownController_metadata: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AuthorizationServerMetadataDto"];
                };
            };
        };
    };
    HealthController_live: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    HealthController_ready: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
        };
    };
    MediaFilesController_serve: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                mediaId: string;
                name: string;
                storeId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The image. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InstallationApiController_self: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InstallationSelfDto"];
                };
            };
            /** @description `insufficient_scope`: not an app token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `installation_not_found`: a store app’s token. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AppApiController_store: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppStoreDto"];
                };
            };
            /** @description `insufficient_scope`: not an app token, or no store:read. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["FactorsDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_addPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddPasskeyDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PasskeyAddedDto"];
                };
            };
            /** @description `invalid_mfa_code`: the answer does not verify (a wrong or spent challenge, another origin or rp id, no user verification). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `conflict`: this credential is already registered. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_removePasskey: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             *
             *     `unauthenticated` or `invalid_token`.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `not_found`: no such passkey of this account. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_passkeyCreationOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /**
             * @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             *
             *     `unauthenticated` or `invalid_token`.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_regenerateRecoveryCodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RecoveryCodesDto"];
                };
            };
            /**
             * @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             *
             *     `unauthenticated` or `invalid_token`.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `conflict`: the account has no second factor. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_startTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpSetupDto"];
                };
            };
            /**
             * @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             *
             *     `unauthenticated` or `invalid_token`.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_removeTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             *
             *     `unauthenticated` or `invalid_token`.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_confirmTotp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TotpCodeDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TotpConfirmedDto"];
                };
            };
            /** @description `invalid_mfa_code`: a wrong code, or nothing pending. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SocialController_startGithub: {
        parameters: {
            query?: {
                /** @description Required with redirect_uri: the RFC 7636 S256 challenge, BASE64URL(SHA-256(code_verifier)), of a verifier the page keeps; the login_code is bound to it. */
                code_challenge?: string;
                /** @description Required with code_challenge; only S256. */
                code_challenge_method?: "S256";
                /** @description Where to send the browser afterwards, with `?login_code=…` (or `?error=access_denied`). Its origin must be listed in AUTH_REDIRECT_ORIGINS. Without it the callback answers the token pair as JSON. */
                redirect_uri?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To GitHub's authorization page. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_redirect_uri`, or `validation_failed` (e.g. redirect_uri without an S256 code_challenge). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `provider_not_configured`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SocialController_githubCallback: {
        parameters: {
            query: {
                /** @description The provider's authorization code. */
                code?: unknown;
                /** @description The provider refused, e.g. access_denied. */
                error?: unknown;
                /** @description The state issued at the start route. */
                state: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Without a redirect_uri at the start: a token pair, or `{ mfaRequired, mfaToken, methods }` for an account with a second factor (POST /v1/auth/login/mfa). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"];
                };
            };
            /** @description To redirect_uri?login_code=… (or ?error=access_denied). */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_state`: missing, forged, expired, replayed or foreign. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `access_denied` or `provider_error`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `email_not_verified`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `provider_not_configured`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SocialController_startGoogle: {
        parameters: {
            query?: {
                /** @description Required with redirect_uri: the RFC 7636 S256 challenge, BASE64URL(SHA-256(code_verifier)), of a verifier the page keeps; the login_code is bound to it. */
                code_challenge?: string;
                /** @description Required with code_challenge; only S256. */
                code_challenge_method?: "S256";
                /** @description Where to send the browser afterwards, with `?login_code=…` (or `?error=access_denied`). Its origin must be listed in AUTH_REDIRECT_ORIGINS. Without it the callback answers the token pair as JSON. */
                redirect_uri?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To Google's authorization page. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_redirect_uri`, or `validation_failed` (e.g. redirect_uri without an S256 code_challenge). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `provider_not_configured`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SocialController_googleCallback: {
        parameters: {
            query: {
                /** @description The provider's authorization code. */
                code?: unknown;
                /** @description The provider refused, e.g. access_denied. */
                error?: unknown;
                /** @description The state issued at the start route. */
                state: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Without a redirect_uri at the start: a token pair, or `{ mfaRequired, mfaToken, methods }` for an account with a second factor (POST /v1/auth/login/mfa). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"];
                };
            };
            /** @description To redirect_uri?login_code=… (or ?error=access_denied). */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_state`: missing, forged, expired, replayed or foreign. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `access_denied` or `provider_error`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `email_not_verified`. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `provider_not_configured`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuthController_login: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginDto"];
            };
        };
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["LoginAcceptedDto"];
                };
            };
            /** @description mail_unavailable (problem+json, with Retry-After): the SMTP server refused the mail or did not take it within 10 s. No code is left pending, so asking again at once is allowed. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    SocialController_exchange: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["LoginExchangeDto"];
            };
        };
        responses: {
            /** @description A token pair, or `{ mfaRequired, mfaToken, methods }` for an account with a second factor (POST /v1/auth/login/mfa). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"];
                };
            };
            /** @description `invalid_code_verifier` (the code is spent) or `validation_failed` (no verifier). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_token`: the code is unknown, expired or used. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_answerSignIn: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MfaAnswerDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"];
                };
            };
            /** @description `invalid_mfa_code`: a wrong, reused or stale answer (a passkey: an unknown or removed credential, a wrong or spent challenge, another origin or rp id, no user verification, or a signature counter that went backwards). `invalid_mfa_token`: a used, expired or killed (5 wrong answers) mfaToken. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `rate_limited` (with Retry-After): 10 wrong second-factor answers for this account in 15 minutes (sign-in, step-up and passkey sign-in together); a right answer too is refused until the window frees up. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_signInPasskeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["MfaTokenDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description `invalid_mfa_token`: a used, expired or killed mfaToken. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `not_found`: the account has no passkey. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuthController_verify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["VerifyLoginDto"];
            };
        };
        responses: {
            /** @description A token pair; or, for an account with a second factor, `{ mfaRequired: true, mfaToken, methods }` (answer it at POST /v1/auth/login/mfa). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"] | components["schemas"]["MfaRequiredDto"];
                };
            };
        };
    };
    AuthController_logout: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuthController_logoutAll: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuthController_me: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MeDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuthorizeController_authorize: {
        parameters: {
            query: {
                client_id: unknown;
                code_challenge: unknown;
                code_challenge_method: "S256";
                /** @description Exactly one of the app's registered URIs. */
                redirect_uri: unknown;
                response_type: "code";
                /** @description Space-separated; absent: all the app's scopes. */
                scope?: unknown;
                state: unknown;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description To /console/authorize, or to redirect_uri?error=…&state=…&iss=…. */
            302: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` (problem+json, never a redirect): unknown client_id, or a redirect_uri not registered. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OAuthController_introspect: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenByValueRequestDto"];
                "application/x-www-form-urlencoded": components["schemas"]["TokenByValueRequestDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["IntrospectionResponseDto"];
                };
            };
            /** @description invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorDto"];
                };
            };
            /** @description invalid_client */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorDto"];
                };
            };
        };
    };
    OAuthController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenByValueRequestDto"];
                "application/x-www-form-urlencoded": components["schemas"]["TokenByValueRequestDto"];
            };
        };
        responses: {
            /** @description Empty body. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description invalid_request */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorDto"];
                };
            };
            /** @description invalid_client */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorDto"];
                };
            };
        };
    };
    OAuthController_token: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TokenRequestDto"];
                "application/x-www-form-urlencoded": components["schemas"]["TokenRequestDto"];
            };
        };
        responses: {
            /** @description With Cache-Control: no-store and Pragma: no-cache. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenResponseDto"];
                };
            };
            /** @description invalid_request, unsupported_grant_type, invalid_scope, invalid_grant, unauthorized_client */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorDto"];
                };
            };
            /** @description invalid_client (WWW-Authenticate: Basic after Basic) */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthErrorDto"];
                };
            };
        };
    };
    FactorsController_signInWithPasskey: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["PasskeySignInDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"];
                };
            };
            /** @description `invalid_mfa_code`: an unknown or removed credential, a wrong or spent challenge, another origin or rp id, no user verification, or a signature counter that went backwards. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `rate_limited` (with Retry-After): 10 wrong second-factor answers for this account in 15 minutes (sign-in, step-up and passkey sign-in together); a right answer too is refused until the window frees up. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_passkeySignInOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
        };
    };
    AuthController_providers: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ProvidersDto"];
                };
            };
        };
    };
    AuthController_refresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["RefreshDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["TokenPairDto"];
                };
            };
        };
    };
    AuthController_listSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["SessionDto"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    AuthController_revokeSession: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                sessionId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_stepUp: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["FactorAnswerDto"];
            };
        };
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invalid_mfa_code`: a wrong, reused or stale answer (a passkey: an unknown or removed credential, a wrong or spent challenge, another origin or rp id, no user verification, or a signature counter that went backwards). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `conflict`: the account has no second factor (it is never asked). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `rate_limited` (with Retry-After): 10 wrong second-factor answers for this account in 15 minutes (sign-in, step-up and passkey sign-in together); a right answer too is refused until the window frees up. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    FactorsController_stepUpPasskeyOptions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        [key: string]: unknown;
                    };
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `not_found`: the account has no passkey. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MediaFilesController_upload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Stored; complete the upload next. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `validation_failed` naming `file`: not exactly the declared length, or no file part. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `upload_policy_refused`: a wrong signature, an expired policy, another key or type. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `upload_not_found` (also on the S3 backend, whose forms go to the bucket). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeveloperAppsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperAppDto"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeveloperAppsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateDeveloperAppDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperAppCredentialsDto"];
                };
            };
            /** @description `validation_failed`: a field, URL, scope or event type is not accepted. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeveloperAppsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of your installable apps. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperAppDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such app, or another account’s. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeveloperAppsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of your installable apps. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateDeveloperAppDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeveloperAppDto"];
                };
            };
            /** @description `validation_failed`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such app, or another account’s. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeveloperAppsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of your installable apps. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such app, or another account’s. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeveloperAppsController_installations: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of your installable apps. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AppInstallationDto"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such app, or another account’s. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeveloperAppsController_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of your installable apps. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedClientSecretDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such app, or another account’s. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    DeveloperAppsController_rotateWebhookSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of your installable apps. */
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["RotatedWebhookSecretDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such app, or another account’s. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_accept: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInvitationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["AcceptedInvitationDto"];
                };
            };
            /** @description `validation_failed`: no token. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `invitation_email_mismatch`: the invitation is for another address (it stays usable). `insufficient_scope`: an app or public token.
             *
             *     `insufficient_scope`: an app or public token.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invitation_not_found`: unknown, used, revoked, replaced or expired. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `already_member`: the account is a member already. `member_limit_reached`: the store has 100 members. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_preview: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AcceptInvitationDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationPreviewDto"];
                };
            };
            /** @description `validation_failed`: no token. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `insufficient_scope`: an app or public token.
             *
             *     `insufficient_scope`: an app or public token.
             */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `invitation_not_found`: unknown, used, revoked, replaced or expired. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConsentController_view: {
        parameters: {
            query: {
                client_id: string;
                redirect_uri: string;
                /** @description Space-separated; absent: every scope the app registered. */
                scope?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentViewDto"];
                };
            };
            /** @description `validation_failed`: redirect_uri or scope not acceptable for the app. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such client. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ConsentController_decide: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["ConsentDecisionDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["ConsentRedirectDto"];
                };
            };
            /** @description `validation_failed`, naming the field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`; `store_not_found`: not a store where you may install apps. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    StoresController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreModel"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    StoresController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateStoreDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreModel"];
                };
            };
            /** @description `validation_failed`: a bad value, an unknown field, or null for a required field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             *
             *     `unauthenticated` or `invalid_token`.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    StoresController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `unauthenticated` or `invalid_token`.
             *
             *     `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    EventsController_list: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page (opaque). */
                after?: string;
                limit?: number;
                /** @description Only events of this type. */
                type?: "store.updated" | "store.completed" | "product.created" | "product.updated" | "product.deleted" | "order.created" | "order.fulfilled" | "order.cancelled" | "order.paid" | "app.created" | "app.secret_rotated" | "app.deleted" | "public_token.created" | "public_token.rotated" | "public_token.deleted" | "webhook.test" | "member.invited" | "member.joined" | "member.role_changed" | "member.removed" | "store.transferred" | "app.installed" | "app.uninstalled";
            };
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["EventPageModel"];
                };
            };
            /** @description `validation_failed`: an unknown `type`, a `limit` outside 1–100, or an `after` this list did not issue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InstallationsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreInstallationDto"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InstallationsController_uninstall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                installationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, or `installation_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationDto"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["InviteMemberDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["InvitationDto"];
                };
            };
            /** @description `validation_failed`: a bad e-mail address or role. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `already_member`: the address is a member already. `member_limit_reached`: 100 members or 50 pending invitations. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `rate_limited` (with `Retry-After`): 3 invitation mails to this address from this store, or 100 by this account, in the last 24 hours; nothing was sent or changed. */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `mail_unavailable`: the invitation is saved, but its mail could not be sent; invite again. */
            503: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    InvitationsController_revoke: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                invitationId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `invitation_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MediaController_list: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page (opaque). */
                after?: string;
                first?: number;
                purpose?: "favicon" | "logo" | "product_image";
            };
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaPageDto"];
                };
            };
            /** @description `validation_failed`: `purpose`, `first` (1–100) or a foreign `after`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MediaController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                mediaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `media_not_found` (or `store_not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MediaController_delete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                mediaId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `media_not_found` (or `store_not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MediaController_createUpload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateUploadDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StagedUploadDto"];
                };
            };
            /** @description `validation_failed`: `purpose`, `filename`, `contentType` or `size`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MediaController_complete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                uploadId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Completed before: the same media. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaDto"];
                };
            };
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MediaDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `upload_not_found` (or `store_not_found`). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `media_invalid` with `reason`: `not_uploaded`, `size_mismatch`, `type_mismatch`, `not_an_image` or `too_many_pixels` (the stored object is deleted). */
            422: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MembersController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberDto"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MembersController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A member of the store. */
                accountId: string;
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateMemberDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["MemberDto"];
                };
            };
            /** @description `validation_failed`: a role other than admin, developer, staff. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, or `member_not_found`: the account is not a member of the store. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `owner_required`: the owner cannot be removed or given another role (transfer the ownership). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MembersController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description A member of the store. */
                accountId: string;
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, or `member_not_found`: the account is not a member of the store. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `owner_required`: the owner cannot be removed or given another role (transfer the ownership). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OnboardingController_complete: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreModel"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `onboarding_incomplete`, with `missingStages`. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OnboardingController_stage2: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Stage2Dto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreModel"];
                };
            };
            /** @description `validation_failed`, with the failing fields in `errors`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `onboarding_out_of_order` (an earlier stage is missing: `missingStage`, `missingStages`) or `onboarding_completed` (the store is active; edit it with PUT). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OnboardingController_stage3: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Stage3Dto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreModel"];
                };
            };
            /** @description `validation_failed`, with the failing fields in `errors`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `onboarding_out_of_order` (an earlier stage is missing: `missingStage`, `missingStages`) or `onboarding_completed` (the store is active; edit it with PUT). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OnboardingController_stage4: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Stage4Dto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreModel"];
                };
            };
            /** @description `validation_failed`, with the failing fields in `errors`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `onboarding_out_of_order` (an earlier stage is missing: `missingStage`, `missingStages`) or `onboarding_completed` (the store is active; edit it with PUT). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerOrdersController_list: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page (opaque). */
                after?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerOrderPageDto"];
                };
            };
            /** @description `validation_failed`: a `limit` outside 1–100, a foreign `after`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerOrdersController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerOrderDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `order_not_found` (another store’s included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerOrdersController_cancel: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CancelOrderDto"];
            };
        };
        responses: {
            /** @description The order after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerOrderDto"];
                };
            };
            /** @description `validation_failed`: a `reason` over 500 characters, an unknown field. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `order_not_found` (another store’s included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `order_status_conflict`: the order is not open (`status` says what it is). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerOrdersController_fulfil: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerOrderDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `order_not_found` (another store’s included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `order_status_conflict`: the order is not open (`status` says what it is). */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerOrdersController_markPaid: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                orderId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The order after the change. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerOrderDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `order_not_found` (another store’s included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `order_status_conflict`: the order is cancelled. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerProductsController_list: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page (opaque). */
                after?: string;
                limit?: number;
                /** @description Matches anywhere in the title or handle, case-insensitively. */
                query?: string;
            };
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductPageDto"];
                };
            };
            /** @description `validation_failed`: a `limit` outside 1–100, a `query` over 100 characters, a foreign `after`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerProductsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateProductDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `validation_failed`: a field breaks a rule (see `errors`). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `handle_taken`: another live product of the store has the handle. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerProductsController_get: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `product_not_found` (another store’s included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerProductsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                productId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProductDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `product_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `handle_taken` */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerProductsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `product_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProductImagesController_add: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                productId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["AddProductImageDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `validation_failed`: `altText` over 512 characters, or (`reason` `wrong_purpose`) a media that is not a product image. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, `product_not_found` or `media_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `too_many_images`: the product has 20 images already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProductImagesController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                imageId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateProductImageDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `validation_failed`: `altText` over 512 characters, `position` outside 0 … images − 1. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, `product_not_found` or `image_not_found` (another product’s image included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    ProductImagesController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                imageId: string;
                productId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, `product_not_found` or `image_not_found` (another product’s image included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerProductVariantsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                productId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateVariantDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `validation_failed` with a top-level `reason` when a rule of options and variants is broken (`missing_option_value`, `unknown_option_value`, `duplicate_variant`, `sku_taken`, `too_many_variants`, `last_variant`, `amount_precision`, …). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `product_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerProductVariantsController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                productId: string;
                variantId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateVariantDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `validation_failed` with a top-level `reason` when a rule of options and variants is broken (`missing_option_value`, `unknown_option_value`, `duplicate_variant`, `sku_taken`, `too_many_variants`, `last_variant`, `amount_precision`, …). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, `product_not_found` or `variant_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OwnerProductVariantsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                productId: string;
                variantId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OwnerProductDto"];
                };
            };
            /** @description `validation_failed` with a top-level `reason` when a rule of options and variants is broken (`missing_option_value`, `unknown_option_value`, `duplicate_variant`, `sku_taken`, `too_many_variants`, `last_variant`, `amount_precision`, …). */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, `product_not_found` or `variant_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicTokensController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicTokenDto"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicTokensController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreatePublicTokenDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicTokenIssuedDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicTokensController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdatePublicTokenDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicTokenDto"];
                };
            };
            /** @description `validation_failed` (e.g. more than 10 origins, or one that is not an origin) */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `public_token_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicTokensController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `public_token_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    PublicTokensController_rotate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                tokenId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["PublicTokenIssuedDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `public_token_not_found` */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    MembersController_transfer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["TransferStoreDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreModel"];
                };
            };
            /** @description `validation_failed`: `accountId` is not a UUID. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `unauthenticated` or `invalid_token`.
             *
             *     `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`, or `member_not_found`: the account is not a member of the store. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksController_list: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookModel"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksController_create: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateWebhookDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreatedModel"];
                };
            };
            /** @description `validation_failed`: a URL that is not https:// (or has credentials, or a local address), an empty or unknown event type. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or the caller is not a member of it (never 403: existence is not revealed). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `webhook_limit_reached`: the store has 20 endpoints already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksController_update: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["UpdateWebhookDto"];
            };
        };
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookModel"];
                };
            };
            /** @description `validation_failed` */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `webhook_not_found` (another store’s endpoint included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `webhook_not_found` (another store’s endpoint included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksController_deliveries: {
        parameters: {
            query?: {
                /** @description The `nextCursor` of the previous page (opaque). */
                after?: string;
                limit?: number;
            };
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryPageModel"];
                };
            };
            /** @description `validation_failed`: a `limit` outside 1–100, or an `after` this list did not issue. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `webhook_not_found` (another store’s endpoint included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksController_retry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                deliveryId: string;
                /** @description One of the caller's stores. */
                id: unknown;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description The attempt is queued. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `webhook_not_found` (another store’s endpoint included). `delivery_not_found`. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `rate_limited`: the store asked for 60 retries this minute (`Retry-After`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksController_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["WebhookCreatedModel"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `webhook_not_found` (another store’s endpoint included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    WebhooksController_sendTest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                /** @description One of the caller's stores. */
                id: unknown;
                webhookId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["DeliveryQueuedModel"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found` or `webhook_not_found` (another store’s endpoint included). */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `rate_limited`: the store asked for 10 test events this minute (`Retry-After`). */
            429: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    StoresController_listMine: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreListItemModel"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OAuthAppsController_list: {
        parameters: {
            query: {
                storeId: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthAppDto"][];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or you are not a member of it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OAuthAppsController_create: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["CreateOAuthAppDto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthAppCredentialsDto"];
                };
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_not_found`: no such store, or you are not a member of it. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OAuthAppsController_remove: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /**
             * @description `unauthenticated` or `invalid_token`.
             *
             *     `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such app, or not in a store of yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OAuthAppsController_rotateSecret: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                appId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["OAuthAppCredentialsDto"];
                };
            };
            /**
             * @description `unauthenticated` or `invalid_token`.
             *
             *     `unauthenticated` or `invalid_token`; `step_up_required` (with `WWW-Authenticate: Bearer error="insufficient_user_authentication", …, max_age=600`): the account has a second factor and this session has not verified one in the last 600 s — `POST /v1/auth/step-up`, then retry.
             */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. `insufficient_role`: a member of the store whose role does not allow this (see the roles table). */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `app_not_found`: no such app, or not in a store of yours. */
            404: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
    OnboardingController_stage1: {
        parameters: {
            query?: never;
            header?: {
                /** @description 1–255 visible ASCII characters. A retry with the same key and body replays the first answer (Idempotent-Replayed: true) for 24 h; another body is 422, a retry while the first runs is 409. */
                "Idempotency-Key"?: string;
            };
            path?: never;
            cookie?: never;
        };
        requestBody: {
            content: {
                "application/json": components["schemas"]["Stage1Dto"];
            };
        };
        responses: {
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": components["schemas"]["StoreModel"];
                };
            };
            /** @description `validation_failed`, with the failing fields in `errors`. */
            400: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `unauthenticated` or `invalid_token`. */
            401: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `insufficient_scope`: an app or public token. */
            403: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description `store_limit_reached`: the account owns `MAX_STORES_PER_ACCOUNT` stores already. */
            409: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
        };
    };
}
