/**
 * The service's API as TypeScript types: generated from /api/v1/openapi.json by
 * `npm run client:generate`. Do not edit; a test fails when this file and the service differ.
 */

export interface paths {
    "/api/v1/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403. */
        get: operations["getApiV1Audit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/audit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `audit:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppAudit"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1AuthConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/login": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Public: no credential. */
        post: operations["postApiV1AuthLogin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/signup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Public: no credential. */
        post: operations["postApiV1AuthSignup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/magic/request": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Public: no credential. */
        post: operations["postApiV1AuthMagicRequest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/auth/magic": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getAuthMagic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/magic/verify": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Public: no credential. */
        post: operations["postApiV1AuthMagicVerify"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        get: operations["getApiV1AuthSessions"];
        put?: never;
        post?: never;
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        delete: operations["deleteApiV1AuthSessions"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/auth/sessions/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        delete: operations["deleteApiV1AuthSessionsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        get: operations["getApiV1Account"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/password": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        post: operations["postApiV1AccountPassword"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/2fa/setup": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        post: operations["postApiV1Account2faSetup"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/2fa/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        post: operations["postApiV1Account2faEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/account/2fa/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        post: operations["postApiV1Account2faDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenant": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        get: operations["getApiV1Tenant"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tenant/invites": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description People only: a session JWT from login, signup or a magic link; API tokens get 403. */
        post: operations["postApiV1TenantInvites"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `app:read` (checked against a person's role; tokens are scoped instead).
         */
        get: operations["getApiV1Apps"];
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `app:create` (checked against a person's role; tokens are scoped instead).
         */
        post: operations["postApiV1Apps"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `app:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsApp"];
        put?: never;
        post?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `app:delete` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        delete: operations["deleteApiV1AppsApp"];
        options?: never;
        head?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        patch: operations["patchApiV1AppsApp"];
        trace?: never;
    };
    "/api/v1/apps/{app}/sizes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `app:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppSizes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/config/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppConfigRaw"];
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        put: operations["putApiV1AppsAppConfigRaw"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/config/raw/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppConfigRawValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/config/backups": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppConfigBackups"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/config/backups/{ts}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppConfigBackupsTs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/config/backups/{ts}/revert": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppConfigBackupsTsRevert"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/reload": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppReload"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/presets": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppPresets"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/presets/{preset}/apply": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppPresetsPresetApply"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/s3": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `s3:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppS3"];
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `s3:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        put: operations["putApiV1AppsAppS3"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/mqtt": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppMqtt"];
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        put: operations["putApiV1AppsAppMqtt"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/config": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppConfig"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        patch: operations["patchApiV1AppsAppConfig"];
        trace?: never;
    };
    "/api/v1/apps/{app}/transcoding/layers": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppTranscodingLayers"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`. */
        get: operations["getApiV1Logs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `usage:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`. */
        get: operations["getApiV1Tokens"];
        put?: never;
        /** @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`. */
        post: operations["postApiV1Tokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/tokens/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`. */
        delete: operations["deleteApiV1TokensId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/webhooks/livekit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Public: no credential. */
        post: operations["postWebhooksLivekit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/webhooks/livekit": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Public: no credential. */
        post: operations["postApiV1WebhooksLivekit"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/media-server": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppMediaServer"];
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        put: operations["putApiV1AppsAppMediaServer"];
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cluster/join": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Edge nodes only: the cluster token in `X-Cluster-Token` (not Bearer); 503 when the server has none configured. */
        post: operations["postApiV1ClusterJoin"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cluster/heartbeat": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Edge nodes only: the cluster token in `X-Cluster-Token` (not Bearer); 503 when the server has none configured. */
        post: operations["postApiV1ClusterHeartbeat"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cluster/info": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403. */
        get: operations["getApiV1ClusterInfo"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cluster/nodes": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403. */
        get: operations["getApiV1ClusterNodes"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/cluster/nodes/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /** @description Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403. */
        delete: operations["deleteApiV1ClusterNodesId"];
        options?: never;
        head?: never;
        /** @description Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403. */
        patch: operations["patchApiV1ClusterNodesId"];
        trace?: never;
    };
    "/api/v1/apps/{app}/streams": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `stream:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppStreams"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/streams/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `stream:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppStreamsId"];
        put?: never;
        post?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `stream:stop` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        delete: operations["deleteApiV1AppsAppStreamsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/streams/{id}/data": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `stream:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppStreamsIdData"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/tokens": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `stream:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppTokens"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/play-token/{room}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1AppsAppPlayTokenRoom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/radio/{room}/listen-token": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1AppsAppRadioRoomListenToken"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ingress": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppIngress"];
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:create` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppIngress"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ingress/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppIngressId"];
        put?: never;
        post?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:delete` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        delete: operations["deleteApiV1AppsAppIngressId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ingress/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppIngressIdReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ingress/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppIngressIdDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ingress/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppIngressIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ingress/{id}/validate": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppIngressIdValidate"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ws-ingest": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppWsIngest"];
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:create` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppWsIngest"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ws-ingest/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:delete` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        delete: operations["deleteApiV1AppsAppWsIngestId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ws-ingest/{id}/reset": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppWsIngestIdReset"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ws-ingest/{id}/disable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppWsIngestIdDisable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ws-ingest/{id}/enable": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `ingress:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppWsIngestIdEnable"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/ws-ingest/live/{room}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1AppsAppWsIngestLiveRoom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/{app}/{room}/mjpeg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getLiveAppRoomMjpeg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/{app}/{room}/frame.jpg": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getLiveAppRoomFrameJpg"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/{app}/{room}/index.m3u8": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getLiveAppRoomIndexM3u8"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/{app}/{room}/hls/stream.m3u8": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getLiveAppRoomHlsStreamM3u8"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/{app}/{room}/hls/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getLiveAppRoomHlsFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/{app}/{room}/h264/stream.m3u8": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getLiveAppRoomH264StreamM3u8"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/{app}/{room}/h264/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getLiveAppRoomH264File"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/play/{app}/{room}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getPlayAppRoom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/embed/{app}/{room}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getEmbedAppRoom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/player/{room}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1AppsAppPlayerRoom"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/sdk/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getSdkFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/settings": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403. */
        get: operations["getApiV1SystemSettings"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/gpu": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`. */
        get: operations["getApiV1SystemGpu"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/gpu/refresh": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /** @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`. */
        post: operations["postApiV1SystemGpuRefresh"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/system/db/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403. */
        get: operations["getApiV1SystemDbHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/db/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `usage:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppDbHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/db/optimize": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppDbOptimize"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/vods": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `vod:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppVods"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/vods/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `vod:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppVodsId"];
        put?: never;
        post?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `vod:delete` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        delete: operations["deleteApiV1AppsAppVodsId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/vods/{id}/download": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `vod:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppVodsIdDownload"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/vods/{id}/raw": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `vod:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppVodsIdRaw"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/vods/{id}/probe": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `vod:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppVodsIdProbe"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/vods/{id}/retry": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `vod:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppVodsIdRetry"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `app:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppStats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/recording/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `recording:start` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppRecordingStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/recording/{id}/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `recording:stop` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppRecordingIdStop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/snapshots": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `stream:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppSnapshots"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/streams/{id}/record/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `recording:start` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppStreamsIdRecordStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/streams/{id}/record/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `recording:stop` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppStreamsIdRecordStop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/hls/{run}/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `stream:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppHlsRunFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/streams/{id}/restream": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `broadcast:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppStreamsIdRestream"];
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `broadcast:start` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppStreamsIdRestream"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/streams/{id}/restream/{egressId}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        post?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `broadcast:stop` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        delete: operations["deleteApiV1AppsAppStreamsIdRestreamEgressId"];
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppPlugins"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins/public": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1AppsAppPluginsPublic"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppPluginsId"];
        put?: never;
        post?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        delete: operations["deleteApiV1AppsAppPluginsId"];
        options?: never;
        head?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        patch: operations["patchApiV1AppsAppPluginsId"];
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins/{id}/install": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppPluginsIdInstall"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins/{id}/worker/start": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppPluginsIdWorkerStart"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins/{id}/worker/stop": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppPluginsIdWorkerStop"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins/{id}/worker/status": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppPluginsIdWorkerStatus"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins/{id}/logs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppPluginsIdLogs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/live/{app}/{room}/detections.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getLiveAppRoomDetectionsJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/plugins/{id}/detections": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppPluginsIdDetections"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/callbacks/deliveries": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppCallbacksDeliveries"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/callbacks/deliveries/{id}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:read` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        get: operations["getApiV1AppsAppCallbacksDeliveriesId"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/apps/{app}/callbacks/deliveries/{id}/redeliver": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        get?: never;
        put?: never;
        /**
         * @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`.
         *
         *     Permission: `config:write` (checked against a person's role; tokens are scoped instead).
         *
         *     Addresses one app through `{app}`: an app the caller may not see answers 404, like one that does not exist.
         */
        post: operations["postApiV1AppsAppCallbacksDeliveriesIdRedeliver"];
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/health": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getHealth"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/ready": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getReady"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/metrics": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getMetrics"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/stats": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Any credential: an API token (global or app) or a person's session JWT, as `Authorization: Bearer`. */
        get: operations["getApiV1Stats"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/debug/actors": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Platform-wide only: a global API token or a superadmin's JWT; app tokens and other people get 403. */
        get: operations["getApiV1DebugActors"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/openapi.json": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1OpenapiJson"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1Docs"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/api/v1/docs/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getApiV1DocsFile"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["get"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getConsole"];
        put?: never;
        post?: never;
        delete?: never;
        options?: never;
        head?: never;
        patch?: never;
        trace?: never;
    };
    "/console/assets/{file}": {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Public: no credential. */
        get: operations["getConsoleAssetsFile"];
        put?: never;
        post?: never;
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
        /** @description The envelope most routes answer with. */
        Success: {
            data: unknown;
            error: null;
        };
        /** @description A page of a list. */
        Page: {
            data: unknown[];
            total: number;
            limit: number;
            offset: number;
            error: null;
        };
        /**
         * @description The closed list of error codes; new ones are only ever added.
         * @enum {string}
         */
        ErrorCode: "bad_request" | "validation_failed" | "invalid_json" | "unauthorized" | "invalid_credentials" | "totp_required" | "totp_invalid" | "forbidden" | "signup_disabled" | "not_found" | "method_not_allowed" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "quota_exceeded" | "internal_error" | "service_unavailable" | "media_server_unavailable" | "egress_unavailable" | "app_unavailable";
        ErrorEnvelope: {
            data: null;
            error: {
                /** @enum {string} */
                code: "bad_request" | "validation_failed" | "invalid_json" | "unauthorized" | "invalid_credentials" | "totp_required" | "totp_invalid" | "forbidden" | "signup_disabled" | "not_found" | "method_not_allowed" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "quota_exceeded" | "internal_error" | "service_unavailable" | "media_server_unavailable" | "egress_unavailable" | "app_unavailable";
                message: string;
                /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                details?: unknown;
            };
        };
    };
    responses: {
        /** @description An error, with one of the closed list of codes: `bad_request`, `validation_failed`, `invalid_json`, `unauthorized`, `invalid_credentials`, `totp_required`, `totp_invalid`, `forbidden`, `signup_disabled`, `not_found`, `method_not_allowed`, `conflict`, `payload_too_large`, `unsupported_media_type`, `rate_limited`, `quota_exceeded`, `internal_error`, `service_unavailable`, `media_server_unavailable`, `egress_unavailable`, `app_unavailable`. */
        Error: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "bad_request" | "validation_failed" | "invalid_json" | "unauthorized" | "invalid_credentials" | "totp_required" | "totp_invalid" | "forbidden" | "signup_disabled" | "not_found" | "method_not_allowed" | "conflict" | "payload_too_large" | "unsupported_media_type" | "rate_limited" | "quota_exceeded" | "internal_error" | "service_unavailable" | "media_server_unavailable" | "egress_unavailable" | "app_unavailable";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 400: `bad_request`, `validation_failed`, `invalid_json`. */
        Error400: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "bad_request" | "validation_failed" | "invalid_json";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 401: `unauthorized`, `invalid_credentials`, `totp_required`, `totp_invalid`. */
        Error401: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "unauthorized" | "invalid_credentials" | "totp_required" | "totp_invalid";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 403: `forbidden`, `signup_disabled`. */
        Error403: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "forbidden" | "signup_disabled";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 404: `not_found`. */
        Error404: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "not_found";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 405: `method_not_allowed`. */
        Error405: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "method_not_allowed";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 409: `conflict`. */
        Error409: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "conflict";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 413: `payload_too_large`. */
        Error413: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "payload_too_large";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 415: `unsupported_media_type`. */
        Error415: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "unsupported_media_type";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 429: `rate_limited`, `quota_exceeded`. */
        Error429: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "rate_limited" | "quota_exceeded";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 500: `internal_error`. */
        Error500: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "internal_error";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
        /** @description Error 503: `service_unavailable`, `media_server_unavailable`, `egress_unavailable`, `app_unavailable`. */
        Error503: {
            headers: {
                "X-Request-Id": components["headers"]["RequestId"];
                [name: string]: unknown;
            };
            content: {
                "application/json": {
                    data: null;
                    error: {
                        /** @enum {string} */
                        code: "service_unavailable" | "media_server_unavailable" | "egress_unavailable" | "app_unavailable";
                        message: string;
                        /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                        details?: unknown;
                    };
                };
            };
        };
    };
    parameters: never;
    requestBodies: never;
    headers: {
        /** @description The caller's own id when it is 1-128 characters of `[A-Za-z0-9._:-]`, a fresh one otherwise. */
        RequestId: string;
    };
    pathItems: never;
}
export type $defs = Record<string, never>;
export interface operations {
    getApiV1Audit: {
        parameters: {
            query?: {
                app?: string;
                action?: "token.create" | "token.revoke" | "invite.create" | "invite.accept" | "account.password_change" | "account.2fa_enable" | "account.2fa_disable" | "config.write" | "config.revert" | "config.reload" | "s3.credentials_change" | "mqtt.credentials_change" | "secret.change" | "app.delete";
                since?: string;
                until?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a page of the list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            at: string;
                            action: string;
                            app: string | null;
                            actor: {
                                kind: string;
                                id: string | null;
                                label: string | null;
                            };
                            ip: string | null;
                            requestId: string | null;
                            target: string | null;
                            summary: {
                                [key: string]: string | number | boolean | null | string[];
                            };
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppAudit: {
        parameters: {
            query?: {
                action?: "token.create" | "token.revoke" | "invite.create" | "invite.accept" | "account.password_change" | "account.2fa_enable" | "account.2fa_disable" | "config.write" | "config.revert" | "config.reload" | "s3.credentials_change" | "mqtt.credentials_change" | "secret.change" | "app.delete";
                since?: string;
                until?: string;
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a page of the list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            at: string;
                            action: string;
                            app: string | null;
                            actor: {
                                kind: string;
                                id: string | null;
                                label: string | null;
                            };
                            ip: string | null;
                            requestId: string | null;
                            target: string | null;
                            summary: {
                                [key: string]: string | number | boolean | null | string[];
                            };
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AuthConfig: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            allowSignup: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AuthLogin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    user: string;
                    password: string;
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `invalid_credentials`, `totp_required`, `totp_invalid`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "invalid_credentials" | "totp_required" | "totp_invalid";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AuthSignup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    email: string;
                    password: string;
                    teamName?: string;
                    invite?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `invalid_credentials`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "invalid_credentials";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `signup_disabled`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "signup_disabled";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AuthMagicRequest: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    email: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            requested: true;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getAuthMagic: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/html`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AuthMagicVerify: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    token: string;
                    code?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `invalid_credentials`, `totp_required`, `totp_invalid`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "invalid_credentials" | "totp_required" | "totp_invalid";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AuthSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            ip: string;
                            userAgent: string;
                            createdAt: string;
                            lastSeen: string;
                            current: boolean;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AuthSessions: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            revoked: number;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AuthSessionsId: {
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
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            revoked: number;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1Account: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            email: string | null;
                            username: string | null;
                            superadmin: boolean;
                            teamId: number | null;
                            role: ("owner" | "admin" | "member") | null;
                            twoFactorEnabled: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AccountPassword: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    currentPassword: string;
                    newPassword: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            revokedSessions: number;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`, `invalid_credentials`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized" | "invalid_credentials";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1Account2faSetup: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            secret: string;
                            otpauthUri: string;
                            qrDataUri: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1Account2faEnable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            twoFactorEnabled: boolean;
                            revokedSessions: number;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`, `totp_required`, `totp_invalid`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized" | "totp_required" | "totp_invalid";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1Account2faDisable: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    code: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            twoFactorEnabled: boolean;
                            revokedSessions: number;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`, `totp_required`, `totp_invalid`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized" | "totp_required" | "totp_invalid";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1Tenant: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            name: string;
                            plan: string;
                            role: ("owner" | "admin" | "member") | null;
                            createdAt: string;
                            quotas: {
                                maxConcurrentStreams: number;
                                maxConcurrentEgress: number;
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1TenantInvites: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    email: string;
                    /**
                     * @default member
                     * @enum {string}
                     */
                    role?: "admin" | "member";
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            email: string;
                            /** @enum {string} */
                            role: "admin" | "member";
                            teamId: number;
                            expiresAt: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1Apps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: ({
                            id: number;
                            name: string;
                            displayName: string;
                            roomPrefix: string;
                            tenantId: number | null;
                            createdAt: string;
                            updatedAt: string;
                            recordingEnabled: boolean;
                            splitMinutes: number;
                            snapshotSeconds: number;
                            features: {
                                [key: string]: boolean;
                            };
                            callbackUrl: string;
                            callbackSecretSet: boolean;
                        } | {
                            id: number;
                            name: string;
                            tenantId: number | null;
                            createdAt: string;
                            updatedAt: string;
                            unavailable: {
                                check: string;
                                message: string;
                            };
                        })[];
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1Apps: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    name: string;
                    displayName?: string;
                    roomPrefix?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            name: string;
                            displayName: string;
                            roomPrefix: string;
                            tenantId: number | null;
                            createdAt: string;
                            updatedAt: string;
                            recordingEnabled: boolean;
                            splitMinutes: number;
                            snapshotSeconds: number;
                            features: {
                                [key: string]: boolean;
                            };
                            callbackUrl: string;
                            callbackSecretSet: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            name: string;
                            displayName: string;
                            roomPrefix: string;
                            tenantId: number | null;
                            createdAt: string;
                            updatedAt: string;
                            recordingEnabled: boolean;
                            splitMinutes: number;
                            snapshotSeconds: number;
                            features: {
                                [key: string]: boolean;
                            };
                            callbackUrl: string;
                            callbackSecretSet: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AppsApp: {
        parameters: {
            query?: {
                deleteVods?: "true" | "false";
            };
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            deleted: true;
                            name: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    patchApiV1AppsApp: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    displayName?: string;
                    roomPrefix?: string;
                    recordingEnabled?: boolean;
                    splitMinutes?: number;
                    snapshotSeconds?: number;
                    callbackUrl?: "" | string;
                    callbackSecret?: string;
                    features?: {
                        publicPlayback?: boolean;
                        hiddenQc?: boolean;
                        rtmpPassword?: boolean;
                        chat?: boolean;
                        reactions?: boolean;
                    };
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            name: string;
                            displayName: string;
                            roomPrefix: string;
                            tenantId: number | null;
                            createdAt: string;
                            updatedAt: string;
                            recordingEnabled: boolean;
                            splitMinutes: number;
                            snapshotSeconds: number;
                            features: {
                                [key: string]: boolean;
                            };
                            callbackUrl: string;
                            callbackSecretSet: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppSizes: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            appDbBytes: number;
                            vodBytes: number;
                            vodCount: number;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppConfigRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `application/yaml`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/yaml": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    putApiV1AppsAppConfigRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    yaml: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            reloaded: true;
                            warnings: string[];
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppConfigRawValidate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    yaml: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            valid: true;
                            warnings: string[];
                            diff: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppConfigBackups: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ts: string;
                            sizeBytes: number;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppConfigBackupsTs: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                ts: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ts: string;
                            yaml: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppConfigBackupsTsRevert: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                ts: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            reloaded: true;
                            warnings: string[];
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppReload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            reloaded: true;
                            warnings: string[];
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPresets: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            description: string;
                            sets: {
                                [key: string]: unknown;
                            };
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppPresetsPresetApply: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                preset: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            preset: string;
                            /** @constant */
                            applied: true;
                            /** @constant */
                            reloaded: true;
                            changed: string[];
                            diff: string;
                            warnings: string[];
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppS3: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            provider: "aws" | "s3-compatible";
                            bucket: string;
                            region: string;
                            endpoint: string;
                            forcePathStyle: boolean;
                            prefix: string;
                            public_url: string;
                            keySet: boolean;
                            secretSet: boolean;
                            configured: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    putApiV1AppsAppS3: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    provider?: "aws" | "s3-compatible";
                    bucket?: string;
                    region?: string;
                    endpoint?: "" | string;
                    forcePathStyle?: boolean;
                    prefix?: string;
                    public_url?: "" | string;
                    key?: string;
                    secret?: string;
                    confirmPublic?: boolean;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @enum {string} */
                            provider: "aws" | "s3-compatible";
                            bucket: string;
                            region: string;
                            endpoint: string;
                            forcePathStyle: boolean;
                            prefix: string;
                            public_url: string;
                            keySet: boolean;
                            secretSet: boolean;
                            configured: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppMqtt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            enabled: boolean;
                            url: string;
                            username: string;
                            passwordEnv: string;
                            topicPrefix: string;
                            qos: 0 | 1 | 2;
                            tls: boolean;
                            events: string[];
                            logs: {
                                enabled: boolean;
                                /** @enum {string} */
                                level: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
                            };
                            latencyAlert: {
                                enabled: boolean;
                                thresholdMs: number;
                                cooldownSeconds: number;
                                intervalSeconds: number;
                            };
                            hasPassword: boolean;
                            configured: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    putApiV1AppsAppMqtt: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    url?: string;
                    username?: string;
                    password?: string;
                    passwordEnv?: string;
                    topicPrefix?: string;
                    qos?: 0 | 1 | 2;
                    tls?: boolean;
                    events?: string[];
                    logs?: {
                        enabled?: boolean;
                        /** @enum {string} */
                        level?: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
                    };
                    latencyAlert?: {
                        enabled?: boolean;
                        thresholdMs?: number;
                        cooldownSeconds?: number;
                        intervalSeconds?: number;
                    };
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            enabled: boolean;
                            url: string;
                            username: string;
                            passwordEnv: string;
                            topicPrefix: string;
                            qos: 0 | 1 | 2;
                            tls: boolean;
                            events: string[];
                            logs: {
                                enabled: boolean;
                                /** @enum {string} */
                                level: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
                            };
                            latencyAlert: {
                                enabled: boolean;
                                thresholdMs: number;
                                cooldownSeconds: number;
                                intervalSeconds: number;
                            };
                            hasPassword: boolean;
                            configured: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            transcodingEnabled: boolean;
                            encoding: string;
                            vodAdaptive: boolean;
                            vodRenditions: {
                                height: number;
                                bitrateKbps: number;
                            }[];
                            layers: {
                                height: number;
                                bitrateKbps: number;
                            }[];
                            /** @enum {string} */
                            distribution: "edge" | "cdn" | "sfu";
                            hlsSegmentSeconds: number;
                            hlsWindowSegments: number;
                            rtmpTranscode: boolean;
                            appliesTo: {
                                layers: string;
                                encoding: string;
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    patchApiV1AppsAppConfig: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    transcodingEnabled?: boolean;
                    encoding?: string;
                    vodAdaptive?: boolean;
                    vodRenditions?: {
                        height: number;
                        bitrateKbps: number;
                    }[];
                    layers?: {
                        height: number;
                        bitrateKbps: number;
                    }[];
                    /** @enum {string} */
                    distribution?: "edge" | "cdn" | "sfu";
                    hlsSegmentSeconds?: number;
                    hlsWindowSegments?: number;
                    rtmpTranscode?: boolean;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            transcodingEnabled: boolean;
                            encoding: string;
                            vodAdaptive: boolean;
                            vodRenditions: {
                                height: number;
                                bitrateKbps: number;
                            }[];
                            layers: {
                                height: number;
                                bitrateKbps: number;
                            }[];
                            /** @enum {string} */
                            distribution: "edge" | "cdn" | "sfu";
                            hlsSegmentSeconds: number;
                            hlsWindowSegments: number;
                            rtmpTranscode: boolean;
                            appliesTo: {
                                layers: string;
                                encoding: string;
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppTranscodingLayers: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            layers: {
                                height: number;
                                bitrateKbps: number;
                            }[];
                            appliesTo: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1Logs: {
        parameters: {
            query?: {
                app?: string;
                level?: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
                source?: string;
                q?: string;
                since?: string;
                until?: string;
                before?: string;
                limit?: number;
                offset?: number;
                scope?: "cluster" | "node";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a page of the list. */
            200: {
                headers: {
                    /** @description Set when the answer is partial: the comma-separated ids of the live nodes that did not answer within 2 s (left out of the answer). */
                    "X-Cluster-Missing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            node: string;
                            ts: string;
                            level: string;
                            app: string | null;
                            source: string;
                            message: string;
                            meta: {
                                [key: string]: unknown;
                            } | null;
                            cursor: string;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppLogs: {
        parameters: {
            query?: {
                app?: string;
                level?: "trace" | "debug" | "info" | "warn" | "error" | "fatal";
                source?: string;
                q?: string;
                since?: string;
                until?: string;
                before?: string;
                limit?: number;
                offset?: number;
                scope?: "cluster" | "node";
            };
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a page of the list. */
            200: {
                headers: {
                    /** @description Set when the answer is partial: the comma-separated ids of the live nodes that did not answer within 2 s (left out of the answer). */
                    "X-Cluster-Missing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            node: string;
                            ts: string;
                            level: string;
                            app: string | null;
                            source: string;
                            message: string;
                            meta: {
                                [key: string]: unknown;
                            } | null;
                            cursor: string;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1Tokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            name: string;
                            /** @enum {string} */
                            scope: "global" | "app";
                            appId: number | null;
                            allowedIps: string[];
                            hint: string;
                            createdBy: string;
                            createdAt: string;
                            lastUsedAt: string | null;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1Tokens: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    name: string;
                    /** @default [] */
                    allowedIps?: string[];
                    /** @constant */
                    scope: "global";
                } | {
                    name: string;
                    /** @default [] */
                    allowedIps?: string[];
                    /** @constant */
                    scope: "app";
                    appId: number;
                };
            };
        };
        responses: {
            /** @description Success: a bare body (no envelope). */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        token: string;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1TokensId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postWebhooksLivekit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Not JSON-validated: the route takes the exact bytes (it verifies a signature over them). */
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            received: true;
                            /** @constant */
                            duplicate?: true;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1WebhooksLivekit: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description Not JSON-validated: the route takes the exact bytes (it verifies a signature over them). */
        requestBody: {
            content: {
                "application/octet-stream": string;
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            received: true;
                            /** @constant */
                            duplicate?: true;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppMediaServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            url: string;
                            wsUrl: string;
                            apiKey: string;
                            apiSecretSet: boolean;
                            /** @enum {string} */
                            source: "app" | "global" | "none";
                            effective: {
                                url: string;
                                wsUrl: string;
                                apiKey: string;
                            } | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    putApiV1AppsAppMediaServer: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    url?: "" | string;
                    wsUrl?: "" | string;
                    apiKey?: string;
                    apiSecret?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            url: string;
                            wsUrl: string;
                            apiKey: string;
                            apiSecretSet: boolean;
                            /** @enum {string} */
                            source: "app" | "global" | "none";
                            effective: {
                                url: string;
                                wsUrl: string;
                                apiKey: string;
                            } | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1ClusterJoin: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    name: string;
                    ip: string;
                    region?: string;
                    url?: "" | string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            nodeId: string;
                            name: string;
                            redisUrl: string | null;
                            publicWsUrl: string;
                            media_server: {
                                apiKey: string | null;
                                apiSecret: string | null;
                                wsUrl: string | null;
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1ClusterHeartbeat: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    nodeId: string;
                    stats?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            nodeId: string;
                            status: string;
                            /** @constant */
                            stale: false;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1ClusterInfo: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            enabled: boolean;
                            nodes: number;
                            stale: number;
                            clusterToken: string | null;
                            join: string | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1ClusterNodes: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            nodeId: string;
                            name: string;
                            ip: string;
                            region: string;
                            url: string;
                            status: string;
                            stats: {
                                [key: string]: unknown;
                            } | null;
                            joinedAt: string;
                            lastHeartbeatAt: string;
                            stale: boolean;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1ClusterNodesId: {
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
            /** @description Success: no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    patchApiV1ClusterNodesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                id: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    name?: string;
                    region?: string;
                    /** @enum {string} */
                    status?: "active" | "active-draining" | "active-maintenance";
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            nodeId: string;
                            name: string;
                            ip: string;
                            region: string;
                            url: string;
                            status: string;
                            stats: {
                                [key: string]: unknown;
                            } | null;
                            joinedAt: string;
                            lastHeartbeatAt: string;
                            stale: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppStreams: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a bare body (no envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        id: number;
                        streamId: string;
                        /** @enum {string} */
                        type: "webrtc" | "rtmp" | "rtsp" | "whip" | "ws-mjpeg" | "srt" | "hls";
                        room: string;
                        participant: string | null;
                        /** @enum {string} */
                        status: "active" | "ended";
                        startedAt: string;
                        lastStatsJson: string;
                    }[];
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppStreamsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            streamId: string;
                            /** @enum {string} */
                            type: "webrtc" | "rtmp" | "rtsp" | "whip" | "ws-mjpeg" | "srt" | "hls";
                            room: string;
                            participant: string | null;
                            /** @enum {string} */
                            status: "active" | "ended";
                            startedAt: string;
                            lastStatsJson: string;
                            viewers: number | null;
                            lastEventAt?: number;
                            hls?: {
                                playlistUrl: string;
                                egressId: string;
                                startedAt: string;
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AppsAppStreamsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppStreamsIdData: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @constant */
                    type: "chat";
                    message: string;
                    /** @default server */
                    from?: string;
                } | {
                    /** @constant */
                    type: "reaction";
                    reaction: string;
                    /** @default server */
                    from?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            sent: true;
                            /** @enum {string} */
                            topic: "chat" | "reaction";
                            room: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppTokens: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    room?: string;
                    identity?: string;
                    name?: string;
                    canPublish?: boolean;
                    /** @default true */
                    canSubscribe?: boolean;
                    ttl?: string;
                    metadata?: string;
                    /** @default false */
                    hidden?: boolean;
                    /** @default false */
                    recorder?: boolean;
                    /** @default false */
                    audioOnly?: boolean;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: string;
                            app: string;
                            room: string;
                            identity: string;
                            wsUrl: string;
                            playUrl: string;
                            embedUrl: string;
                            iframe: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`, `quota_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited" | "quota_exceeded";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPlayTokenRoom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: string;
                            app: string;
                            room: string;
                            wsUrl: string;
                            /** @enum {string} */
                            mode: "viewer" | "listener";
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppRadioRoomListenToken: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            token: string;
                            app: string;
                            room: string;
                            wsUrl: string;
                            /** @enum {string} */
                            mode: "viewer" | "listener";
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppIngress: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                room?: string;
                q?: string;
            };
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a page of the list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ingressId: string;
                            /** @enum {string} */
                            inputType: "rtmp" | "whip" | "url";
                            url: string | null;
                            rtmp_url: string | null;
                            streamKey: string;
                            stream_key: string;
                            roomName: string;
                            requires_password: boolean;
                            stream_password?: string;
                            adaptive: boolean;
                            player_url: string;
                            embed_iframe: string;
                            authorizedAt: string | null;
                            enabled: boolean;
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            status: string;
                            bitrate: number | null;
                            width: number | null;
                            height: number | null;
                            viewers: null;
                            camera: {
                                /** @enum {string} */
                                state: "connecting" | "live" | "reconnecting" | "stopped" | "failed";
                                failure: ("unauthorized" | "not_found" | "unsupported" | "forbidden" | "unreachable") | null;
                                error: string | null;
                                codec: string | null;
                                width: number | null;
                                height: number | null;
                                fps: number | null;
                                node: string | null;
                            } | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppIngress: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    inputType: "rtmp" | "whip" | "url";
                    room?: string;
                    participantIdentity?: string;
                    participantName?: string;
                    /** Format: uri */
                    url?: string;
                    enableTranscoding?: boolean;
                    /** @enum {string} */
                    transport?: "tcp" | "udp";
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ingressId: string;
                            /** @enum {string} */
                            inputType: "rtmp" | "whip" | "url";
                            url: string | null;
                            rtmp_url: string | null;
                            streamKey: string;
                            stream_key: string;
                            roomName: string;
                            requires_password: boolean;
                            stream_password?: string;
                            adaptive: boolean;
                            player_url: string;
                            embed_iframe: string;
                            authorizedAt: string | null;
                            enabled: boolean;
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            status: string;
                            bitrate: number | null;
                            width: number | null;
                            height: number | null;
                            viewers: null;
                            camera: {
                                /** @enum {string} */
                                state: "connecting" | "live" | "reconnecting" | "stopped" | "failed";
                                failure: ("unauthorized" | "not_found" | "unsupported" | "forbidden" | "unreachable") | null;
                                error: string | null;
                                codec: string | null;
                                width: number | null;
                                height: number | null;
                                fps: number | null;
                                node: string | null;
                            } | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`, `quota_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited" | "quota_exceeded";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppIngressId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ingressId: string;
                            /** @enum {string} */
                            inputType: "rtmp" | "whip" | "url";
                            url: string | null;
                            rtmp_url: string | null;
                            streamKey: string;
                            stream_key: string;
                            roomName: string;
                            requires_password: boolean;
                            stream_password?: string;
                            adaptive: boolean;
                            player_url: string;
                            embed_iframe: string;
                            authorizedAt: string | null;
                            enabled: boolean;
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            status: string;
                            bitrate: number | null;
                            width: number | null;
                            height: number | null;
                            viewers: null;
                            camera: {
                                /** @enum {string} */
                                state: "connecting" | "live" | "reconnecting" | "stopped" | "failed";
                                failure: ("unauthorized" | "not_found" | "unsupported" | "forbidden" | "unreachable") | null;
                                error: string | null;
                                codec: string | null;
                                width: number | null;
                                height: number | null;
                                fps: number | null;
                                node: string | null;
                            } | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AppsAppIngressId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppIngressIdReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ingressId: string;
                            /** @enum {string} */
                            inputType: "rtmp" | "whip" | "url";
                            url: string | null;
                            rtmp_url: string | null;
                            streamKey: string;
                            stream_key: string;
                            roomName: string;
                            requires_password: boolean;
                            stream_password?: string;
                            adaptive: boolean;
                            player_url: string;
                            embed_iframe: string;
                            authorizedAt: string | null;
                            enabled: boolean;
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            status: string;
                            bitrate: number | null;
                            width: number | null;
                            height: number | null;
                            viewers: null;
                            camera: {
                                /** @enum {string} */
                                state: "connecting" | "live" | "reconnecting" | "stopped" | "failed";
                                failure: ("unauthorized" | "not_found" | "unsupported" | "forbidden" | "unreachable") | null;
                                error: string | null;
                                codec: string | null;
                                width: number | null;
                                height: number | null;
                                fps: number | null;
                                node: string | null;
                            } | null;
                            disconnected: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppIngressIdDisable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ingressId: string;
                            /** @enum {string} */
                            inputType: "rtmp" | "whip" | "url";
                            url: string | null;
                            rtmp_url: string | null;
                            streamKey: string;
                            stream_key: string;
                            roomName: string;
                            requires_password: boolean;
                            stream_password?: string;
                            adaptive: boolean;
                            player_url: string;
                            embed_iframe: string;
                            authorizedAt: string | null;
                            enabled: boolean;
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            status: string;
                            bitrate: number | null;
                            width: number | null;
                            height: number | null;
                            viewers: null;
                            camera: {
                                /** @enum {string} */
                                state: "connecting" | "live" | "reconnecting" | "stopped" | "failed";
                                failure: ("unauthorized" | "not_found" | "unsupported" | "forbidden" | "unreachable") | null;
                                error: string | null;
                                codec: string | null;
                                width: number | null;
                                height: number | null;
                                fps: number | null;
                                node: string | null;
                            } | null;
                            disconnected: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppIngressIdEnable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            ingressId: string;
                            /** @enum {string} */
                            inputType: "rtmp" | "whip" | "url";
                            url: string | null;
                            rtmp_url: string | null;
                            streamKey: string;
                            stream_key: string;
                            roomName: string;
                            requires_password: boolean;
                            stream_password?: string;
                            adaptive: boolean;
                            player_url: string;
                            embed_iframe: string;
                            authorizedAt: string | null;
                            enabled: boolean;
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            status: string;
                            bitrate: number | null;
                            width: number | null;
                            height: number | null;
                            viewers: null;
                            camera: {
                                /** @enum {string} */
                                state: "connecting" | "live" | "reconnecting" | "stopped" | "failed";
                                failure: ("unauthorized" | "not_found" | "unsupported" | "forbidden" | "unreachable") | null;
                                error: string | null;
                                codec: string | null;
                                width: number | null;
                                height: number | null;
                                fps: number | null;
                                node: string | null;
                            } | null;
                            disconnected: boolean;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppIngressIdValidate: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    password: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            valid: true;
                            authorizedAt: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`, `invalid_credentials`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized" | "invalid_credentials";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppWsIngest: {
        parameters: {
            query?: {
                scope?: "cluster" | "node";
            };
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    /** @description Set when the answer is partial: the comma-separated ids of the live nodes that did not answer within 2 s (left out of the answer). */
                    "X-Cluster-Missing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            room: string;
                            identity: string;
                            createdAt: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            wsUrl: string;
                            mjpegUrl: string;
                            frameUrl: string;
                            playerUrl: string;
                            embedUrl: string;
                            connected: boolean;
                            connectedAt: string | null;
                            fps: number;
                            lastFrameAt: string | null;
                            viewers: number;
                            framesIn: number;
                            bytesIn: number;
                            framesDropped: number;
                            node: string | null;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppWsIngest: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    room: string;
                    identity?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            room: string;
                            identity: string;
                            createdAt: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            wsUrl: string;
                            mjpegUrl: string;
                            frameUrl: string;
                            playerUrl: string;
                            embedUrl: string;
                            streamKey: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`, `quota_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited" | "quota_exceeded";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AppsAppWsIngestId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppWsIngestIdReset: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            room: string;
                            identity: string;
                            createdAt: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            wsUrl: string;
                            mjpegUrl: string;
                            frameUrl: string;
                            playerUrl: string;
                            embedUrl: string;
                            streamKey: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppWsIngestIdDisable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            room: string;
                            identity: string;
                            createdAt: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            wsUrl: string;
                            mjpegUrl: string;
                            frameUrl: string;
                            playerUrl: string;
                            embedUrl: string;
                            connected: boolean;
                            connectedAt: string | null;
                            fps: number;
                            lastFrameAt: string | null;
                            viewers: number;
                            framesIn: number;
                            bytesIn: number;
                            framesDropped: number;
                            node: string | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppWsIngestIdEnable: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            room: string;
                            identity: string;
                            createdAt: string;
                            /** @enum {string} */
                            status: "enabled" | "disabled";
                            disabledAt: string | null;
                            rotatedAt: string | null;
                            wsUrl: string;
                            mjpegUrl: string;
                            frameUrl: string;
                            playerUrl: string;
                            embedUrl: string;
                            connected: boolean;
                            connectedAt: string | null;
                            fps: number;
                            lastFrameAt: string | null;
                            viewers: number;
                            framesIn: number;
                            bytesIn: number;
                            framesDropped: number;
                            node: string | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppWsIngestLiveRoom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            active: boolean;
                            /** @constant */
                            type: "ws-mjpeg";
                            room: string;
                            mjpegUrl: string;
                            frameUrl: string;
                            variant: string | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getLiveAppRoomMjpeg: {
        parameters: {
            query?: {
                token?: string;
                variant?: string;
                key?: string;
            };
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `multipart/x-mixed-replace; boundary=service-mjpeg-frame`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "multipart/x-mixed-replace; boundary=service-mjpeg-frame": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getLiveAppRoomFrameJpg: {
        parameters: {
            query?: {
                token?: string;
                variant?: string;
                key?: string;
            };
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `image/jpeg`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "image/jpeg": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getLiveAppRoomIndexM3u8: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `application/vnd.apple.mpegurl`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": unknown;
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getLiveAppRoomHlsStreamM3u8: {
        parameters: {
            query?: {
                token?: string;
                _HLS_msn?: string;
                _HLS_part?: string;
                _HLS_skip?: "YES" | "v2";
            };
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `application/vnd.apple.mpegurl`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": unknown;
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getLiveAppRoomHlsFile: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                app: string;
                room: string;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `video/mp4`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": unknown;
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getLiveAppRoomH264StreamM3u8: {
        parameters: {
            query?: {
                token?: string;
                _HLS_msn?: string;
                _HLS_part?: string;
                _HLS_skip?: "YES" | "v2";
            };
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `application/vnd.apple.mpegurl`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": unknown;
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getLiveAppRoomH264File: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                app: string;
                room: string;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `video/mp4`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": unknown;
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getPlayAppRoom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/html; charset=utf-8`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getEmbedAppRoom: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/html; charset=utf-8`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html; charset=utf-8": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPlayerRoom: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            app: string;
                            room: string;
                            /** @enum {string} */
                            kind: "ws-mjpeg" | "hls" | "webrtc";
                            hlsUrl: string | null;
                            /** @enum {string} */
                            access: "public" | "token";
                            wsUrl: string | null;
                            features: {
                                chat: boolean;
                                reactions: boolean;
                            };
                            liveUrl: string;
                            tokenUrl: string;
                            pluginsUrl: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getSdkFile: {
        parameters: {
            query?: {
                v?: string;
            };
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/javascript; charset=utf-8`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript; charset=utf-8": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1SystemSettings: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            [key: string]: unknown;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1SystemGpu: {
        parameters: {
            query?: {
                refresh?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            available: boolean;
                            probedAt: string;
                            types: {
                                nvidia: boolean;
                                vaapi: boolean;
                                qsv: boolean;
                            };
                            nvidia: {
                                tool: string;
                                gpus: string[];
                            };
                            vaapi: {
                                renderNodes: string[];
                                tool: string;
                                driver: string | null;
                            };
                            ffmpeg: {
                                tool: string;
                                hardwareEncoders: string[];
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1SystemGpuRefresh: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            available: boolean;
                            probedAt: string;
                            types: {
                                nvidia: boolean;
                                vaapi: boolean;
                                qsv: boolean;
                            };
                            nvidia: {
                                tool: string;
                                gpus: string[];
                            };
                            vaapi: {
                                renderNodes: string[];
                                tool: string;
                                driver: string | null;
                            };
                            ffmpeg: {
                                tool: string;
                                hardwareEncoders: string[];
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1SystemDbHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            file: string;
                            integrity: string;
                            schemaVersion: number;
                            pageSize: number;
                            pageCount: number;
                            freelistCount: number;
                            fileBytes: number;
                            walBytes: number;
                            roomPrefixes: {
                                /** @enum {string} */
                                status: "ok" | "overlapping";
                                overlaps: {
                                    apps: [
                                        string,
                                        string
                                    ];
                                    prefixes: [
                                        string,
                                        string
                                    ];
                                }[];
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppDbHealth: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            file: string;
                            integrity: string;
                            schemaVersion: number;
                            pageSize: number;
                            pageCount: number;
                            freelistCount: number;
                            fileBytes: number;
                            walBytes: number;
                            /** @enum {string} */
                            status: "ok" | "damaged";
                            files: {
                                file: string;
                                /** @enum {string} */
                                status: "ok" | "damaged";
                                problem?: string;
                                action?: string;
                            }[];
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppDbOptimize: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            before: {
                                fileBytes: number;
                                walBytes: number;
                                pageCount: number;
                                freelistCount: number;
                            };
                            after: {
                                fileBytes: number;
                                walBytes: number;
                                pageCount: number;
                                freelistCount: number;
                            };
                            durationMs: number;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppVods: {
        parameters: {
            query?: {
                room?: string;
                status?: "recording" | "uploading" | "ready" | "failed";
                since?: string;
                until?: string;
                order?: "started_at" | "size_bytes" | "id";
                dir?: "asc" | "desc";
                all?: "1";
                limit?: number;
                offset?: number;
            };
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a page of the list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            room: string;
                            streamId: string | null;
                            /** @enum {string} */
                            status: "recording" | "uploading" | "ready" | "failed";
                            part: number;
                            sizeBytes: number | null;
                            durationS: number | null;
                            width: number | null;
                            height: number | null;
                            format: string | null;
                            codec: string | null;
                            fileKey: string | null;
                            s3Url: string | null;
                            snapshotKey: string | null;
                            url: string | null;
                            presignedUrl: string | null;
                            publicUrl: string | null;
                            failure: {
                                reason: string;
                                detail: string | null;
                            } | null;
                            adaptive: {
                                /** @enum {string} */
                                status: "pending" | "ready" | "failed";
                                masterUrl: string | null;
                            } | null;
                            variants: {
                                name: string;
                                height: number;
                                bitrateKbps: number;
                                url: string | null;
                            }[];
                            startedAt: string;
                            endedAt: string | null;
                            readyAt: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppVodsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            room: string;
                            streamId: string | null;
                            /** @enum {string} */
                            status: "recording" | "uploading" | "ready" | "failed";
                            part: number;
                            sizeBytes: number | null;
                            durationS: number | null;
                            width: number | null;
                            height: number | null;
                            format: string | null;
                            codec: string | null;
                            fileKey: string | null;
                            s3Url: string | null;
                            snapshotKey: string | null;
                            url: string | null;
                            presignedUrl: string | null;
                            publicUrl: string | null;
                            failure: {
                                reason: string;
                                detail: string | null;
                            } | null;
                            adaptive: {
                                /** @enum {string} */
                                status: "pending" | "ready" | "failed";
                                masterUrl: string | null;
                            } | null;
                            variants: {
                                name: string;
                                height: number;
                                bitrateKbps: number;
                                url: string | null;
                            }[];
                            startedAt: string;
                            endedAt: string | null;
                            readyAt: string | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AppsAppVodsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: no body. */
            204: {
                headers: {
                    [name: string]: unknown;
                };
                content?: never;
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppVodsIdDownload: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            url: string;
                            filename: string;
                            expiresInSeconds: number | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppVodsIdRaw: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `video/mp4`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "video/mp4": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppVodsIdProbe: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: number;
                            room: string;
                            streamId: string | null;
                            /** @enum {string} */
                            status: "recording" | "uploading" | "ready" | "failed";
                            part: number;
                            sizeBytes: number | null;
                            durationS: number | null;
                            width: number | null;
                            height: number | null;
                            format: string | null;
                            codec: string | null;
                            fileKey: string | null;
                            s3Url: string | null;
                            snapshotKey: string | null;
                            url: string | null;
                            presignedUrl: string | null;
                            publicUrl: string | null;
                            failure: {
                                reason: string;
                                detail: string | null;
                            } | null;
                            adaptive: {
                                /** @enum {string} */
                                status: "pending" | "ready" | "failed";
                                masterUrl: string | null;
                            } | null;
                            variants: {
                                name: string;
                                height: number;
                                bitrateKbps: number;
                                url: string | null;
                            }[];
                            startedAt: string;
                            endedAt: string | null;
                            readyAt: string | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppVodsIdRetry: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: number;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            vodId: number;
                            egressId: string;
                            /** @enum {string} */
                            status: "recording" | "uploading";
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppStats: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            app: string;
                            generatedAt: string;
                            live: {
                                rooms: number;
                                streams: number;
                                byType: {
                                    [key: string]: number;
                                };
                                viewers: number | null;
                            };
                            vods: {
                                count: number;
                                bytes: number;
                                byStatus: {
                                    [key: string]: number;
                                };
                            };
                            storage: {
                                appDbBytes: number;
                            };
                            ingresses: {
                                reachable: boolean;
                                total: number | null;
                                byState: {
                                    [key: string]: number;
                                };
                            };
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppRecordingStart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    roomName: string;
                    streamId?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            vodId: number;
                            egressId: string;
                            /** @enum {string} */
                            status: "recording" | "uploading";
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `egress_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "egress_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppRecordingIdStop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            vodId: number;
                            egressId: string;
                            /** @enum {string} */
                            status: "recording" | "uploading";
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppSnapshots: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    room: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            room: string;
                            file: string;
                            key: string | null;
                            url: string | null;
                            sizeBytes: number;
                            takenAt: string;
                            vodId: number | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `egress_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "egress_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppStreamsIdRecordStart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            vodId: number;
                            egressId: string;
                            /** @enum {string} */
                            status: "recording" | "uploading";
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `egress_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "egress_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppStreamsIdRecordStop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            vodId: number;
                            egressId: string;
                            /** @enum {string} */
                            status: "recording" | "uploading";
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppHlsRunFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                run: string;
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `application/vnd.apple.mpegurl` or `video/mp2t`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/vnd.apple.mpegurl": unknown;
                    "video/mp2t": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppStreamsIdRestream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            streamId: string;
                            room: string;
                            /** @enum {string} */
                            platform: "youtube" | "twitch" | "facebook" | "custom";
                            name: string;
                            layout: string;
                            url: string;
                            /** @enum {string} */
                            state: "starting" | "active" | "failed" | "stopped";
                            since: string;
                            lastError: string | null;
                            attempts: number;
                            bitrateKbps: number | null;
                            egressId: string;
                            createdAt: string;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppStreamsIdRestream: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    /** @enum {string} */
                    platform: "youtube" | "twitch" | "facebook" | "custom";
                    url?: string;
                    key?: string;
                    name?: string;
                    layout?: string;
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            201: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            streamId: string;
                            room: string;
                            /** @enum {string} */
                            platform: "youtube" | "twitch" | "facebook" | "custom";
                            name: string;
                            layout: string;
                            url: string;
                            /** @enum {string} */
                            state: "starting" | "active" | "failed" | "stopped";
                            since: string;
                            lastError: string | null;
                            attempts: number;
                            bitrateKbps: number | null;
                            egressId: string;
                            createdAt: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`, `bad_request`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json" | "bad_request";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`, `quota_exceeded`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited" | "quota_exceeded";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`, `egress_unavailable`, `media_server_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable" | "egress_unavailable" | "media_server_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AppsAppStreamsIdRestreamEgressId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
                egressId: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            streamId: string;
                            room: string;
                            /** @enum {string} */
                            platform: "youtube" | "twitch" | "facebook" | "custom";
                            name: string;
                            layout: string;
                            url: string;
                            /** @enum {string} */
                            state: "starting" | "active" | "failed" | "stopped";
                            since: string;
                            lastError: string | null;
                            attempts: number;
                            bitrateKbps: number | null;
                            egressId: string;
                            createdAt: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPlugins: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string;
                            version: string;
                            needsWorker: boolean;
                            playerOverlay: boolean;
                            sources: ("camera" | "livekit")[];
                            configSchema: {
                                [key: string]: {
                                    /** @constant */
                                    type: "string";
                                    default: string;
                                    description: string;
                                    maxLength: number;
                                    pattern?: {
                                        regex: string;
                                        message: string;
                                    };
                                } | {
                                    /** @constant */
                                    type: "number";
                                    default: number;
                                    description: string;
                                    min: number;
                                    max: number;
                                    integer: boolean;
                                } | {
                                    /** @constant */
                                    type: "boolean";
                                    default: boolean;
                                    description: string;
                                } | {
                                    /** @constant */
                                    type: "select";
                                    default: string;
                                    description: string;
                                    options: string[];
                                } | {
                                    /** @constant */
                                    type: "secret";
                                    /** @constant */
                                    default: "";
                                    description: string;
                                };
                            };
                            installed: boolean;
                            enabled: boolean;
                            config: {
                                [key: string]: string | number | boolean;
                            };
                            worker: {
                                plugin: string;
                                /** @enum {string} */
                                state: "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";
                                pid: number | null;
                                startedAt: string | null;
                                model: string | null;
                                crashes: number;
                                lastExit: {
                                    exitCode: number | null;
                                    signal: string | null;
                                    error: string | null;
                                } | null;
                                rooms: {
                                    [key: string]: {
                                        fps: number;
                                        latencyMs: number;
                                        analysed: number;
                                        skipped: number;
                                    };
                                };
                                rssBytes: number | null;
                            } | null;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPluginsPublic: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            version: string;
                            overlay: {
                                topic: string;
                            };
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPluginsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string;
                            version: string;
                            needsWorker: boolean;
                            playerOverlay: boolean;
                            sources: ("camera" | "livekit")[];
                            configSchema: {
                                [key: string]: {
                                    /** @constant */
                                    type: "string";
                                    default: string;
                                    description: string;
                                    maxLength: number;
                                    pattern?: {
                                        regex: string;
                                        message: string;
                                    };
                                } | {
                                    /** @constant */
                                    type: "number";
                                    default: number;
                                    description: string;
                                    min: number;
                                    max: number;
                                    integer: boolean;
                                } | {
                                    /** @constant */
                                    type: "boolean";
                                    default: boolean;
                                    description: string;
                                } | {
                                    /** @constant */
                                    type: "select";
                                    default: string;
                                    description: string;
                                    options: string[];
                                } | {
                                    /** @constant */
                                    type: "secret";
                                    /** @constant */
                                    default: "";
                                    description: string;
                                };
                            };
                            installed: boolean;
                            enabled: boolean;
                            config: {
                                [key: string]: string | number | boolean;
                            };
                            worker: {
                                plugin: string;
                                /** @enum {string} */
                                state: "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";
                                pid: number | null;
                                startedAt: string | null;
                                model: string | null;
                                crashes: number;
                                lastExit: {
                                    exitCode: number | null;
                                    signal: string | null;
                                    error: string | null;
                                } | null;
                                rooms: {
                                    [key: string]: {
                                        fps: number;
                                        latencyMs: number;
                                        analysed: number;
                                        skipped: number;
                                    };
                                };
                                rssBytes: number | null;
                            } | null;
                            rooms: string[];
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    deleteApiV1AppsAppPluginsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            removed: true;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    patchApiV1AppsAppPluginsId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        /** @description JSON (`Content-Type: application/json`); an empty body counts as `{}`. */
        requestBody?: {
            content: {
                "application/json": {
                    enabled?: boolean;
                    config?: {
                        [key: string]: unknown;
                    };
                };
            };
        };
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string;
                            version: string;
                            needsWorker: boolean;
                            playerOverlay: boolean;
                            sources: ("camera" | "livekit")[];
                            configSchema: {
                                [key: string]: {
                                    /** @constant */
                                    type: "string";
                                    default: string;
                                    description: string;
                                    maxLength: number;
                                    pattern?: {
                                        regex: string;
                                        message: string;
                                    };
                                } | {
                                    /** @constant */
                                    type: "number";
                                    default: number;
                                    description: string;
                                    min: number;
                                    max: number;
                                    integer: boolean;
                                } | {
                                    /** @constant */
                                    type: "boolean";
                                    default: boolean;
                                    description: string;
                                } | {
                                    /** @constant */
                                    type: "select";
                                    default: string;
                                    description: string;
                                    options: string[];
                                } | {
                                    /** @constant */
                                    type: "secret";
                                    /** @constant */
                                    default: "";
                                    description: string;
                                };
                            };
                            installed: boolean;
                            enabled: boolean;
                            config: {
                                [key: string]: string | number | boolean;
                            };
                            worker: {
                                plugin: string;
                                /** @enum {string} */
                                state: "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";
                                pid: number | null;
                                startedAt: string | null;
                                model: string | null;
                                crashes: number;
                                lastExit: {
                                    exitCode: number | null;
                                    signal: string | null;
                                    error: string | null;
                                } | null;
                                rooms: {
                                    [key: string]: {
                                        fps: number;
                                        latencyMs: number;
                                        analysed: number;
                                        skipped: number;
                                    };
                                };
                                rssBytes: number | null;
                            } | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`, `invalid_json`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed" | "invalid_json";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 413: `payload_too_large`. */
            413: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "payload_too_large";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 415: `unsupported_media_type`. */
            415: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unsupported_media_type";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppPluginsIdInstall: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            name: string;
                            description: string;
                            version: string;
                            needsWorker: boolean;
                            playerOverlay: boolean;
                            sources: ("camera" | "livekit")[];
                            configSchema: {
                                [key: string]: {
                                    /** @constant */
                                    type: "string";
                                    default: string;
                                    description: string;
                                    maxLength: number;
                                    pattern?: {
                                        regex: string;
                                        message: string;
                                    };
                                } | {
                                    /** @constant */
                                    type: "number";
                                    default: number;
                                    description: string;
                                    min: number;
                                    max: number;
                                    integer: boolean;
                                } | {
                                    /** @constant */
                                    type: "boolean";
                                    default: boolean;
                                    description: string;
                                } | {
                                    /** @constant */
                                    type: "select";
                                    default: string;
                                    description: string;
                                    options: string[];
                                } | {
                                    /** @constant */
                                    type: "secret";
                                    /** @constant */
                                    default: "";
                                    description: string;
                                };
                            };
                            installed: boolean;
                            enabled: boolean;
                            config: {
                                [key: string]: string | number | boolean;
                            };
                            worker: {
                                plugin: string;
                                /** @enum {string} */
                                state: "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";
                                pid: number | null;
                                startedAt: string | null;
                                model: string | null;
                                crashes: number;
                                lastExit: {
                                    exitCode: number | null;
                                    signal: string | null;
                                    error: string | null;
                                } | null;
                                rooms: {
                                    [key: string]: {
                                        fps: number;
                                        latencyMs: number;
                                        analysed: number;
                                        skipped: number;
                                    };
                                };
                                rssBytes: number | null;
                            } | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppPluginsIdWorkerStart: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            plugin: string;
                            /** @enum {string} */
                            state: "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";
                            pid: number | null;
                            startedAt: string | null;
                            model: string | null;
                            crashes: number;
                            lastExit: {
                                exitCode: number | null;
                                signal: string | null;
                                error: string | null;
                            } | null;
                            rooms: {
                                [key: string]: {
                                    fps: number;
                                    latencyMs: number;
                                    analysed: number;
                                    skipped: number;
                                };
                            };
                            rssBytes: number | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppPluginsIdWorkerStop: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            plugin: string;
                            /** @enum {string} */
                            state: "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";
                            pid: number | null;
                            startedAt: string | null;
                            model: string | null;
                            crashes: number;
                            lastExit: {
                                exitCode: number | null;
                                signal: string | null;
                                error: string | null;
                            } | null;
                            rooms: {
                                [key: string]: {
                                    fps: number;
                                    latencyMs: number;
                                    analysed: number;
                                    skipped: number;
                                };
                            };
                            rssBytes: number | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPluginsIdWorkerStatus: {
        parameters: {
            query?: {
                scope?: "cluster" | "node";
            };
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    /** @description Set when the answer is partial: the comma-separated ids of the live nodes that did not answer within 2 s (left out of the answer). */
                    "X-Cluster-Missing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            plugin: string;
                            /** @enum {string} */
                            state: "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";
                            pid: number | null;
                            startedAt: string | null;
                            model: string | null;
                            crashes: number;
                            lastExit: {
                                exitCode: number | null;
                                signal: string | null;
                                error: string | null;
                            } | null;
                            rooms: {
                                [key: string]: {
                                    fps: number;
                                    latencyMs: number;
                                    analysed: number;
                                    skipped: number;
                                };
                            };
                            rssBytes: number | null;
                            node: string;
                            nodes: {
                                plugin: string;
                                /** @enum {string} */
                                state: "stopped" | "starting" | "running" | "stopping" | "crashed" | "failed";
                                pid: number | null;
                                startedAt: string | null;
                                model: string | null;
                                crashes: number;
                                lastExit: {
                                    exitCode: number | null;
                                    signal: string | null;
                                    error: string | null;
                                } | null;
                                rooms: {
                                    [key: string]: {
                                        fps: number;
                                        latencyMs: number;
                                        analysed: number;
                                        skipped: number;
                                    };
                                };
                                rssBytes: number | null;
                                node: string;
                            }[];
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPluginsIdLogs: {
        parameters: {
            query?: {
                scope?: "cluster" | "node";
                limit?: number;
            };
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    /** @description Set when the answer is partial: the comma-separated ids of the live nodes that did not answer within 2 s (left out of the answer). */
                    "X-Cluster-Missing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            lines: {
                                ts: string;
                                /** @enum {string} */
                                stream: "stdout" | "stderr";
                                line: string;
                                node: string;
                            }[];
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getLiveAppRoomDetectionsJson: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path: {
                app: string;
                room: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            type: "detections";
                            room: string;
                            at: number;
                            width: number;
                            height: number;
                            model: string;
                            objects: {
                                label: string;
                                score: number;
                                box: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                };
                            }[];
                        } | null;
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppPluginsIdDetections: {
        parameters: {
            query?: {
                scope?: "cluster" | "node";
            };
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    /** @description Set when the answer is partial: the comma-separated ids of the live nodes that did not answer within 2 s (left out of the answer). */
                    "X-Cluster-Missing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            /** @constant */
                            type: "detections";
                            room: string;
                            at: number;
                            width: number;
                            height: number;
                            model: string;
                            objects: {
                                label: string;
                                score: number;
                                box: {
                                    x: number;
                                    y: number;
                                    width: number;
                                    height: number;
                                };
                            }[];
                            node: string;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppCallbacksDeliveries: {
        parameters: {
            query?: {
                limit?: number;
                offset?: number;
                status?: "pending" | "delivered" | "failed" | "dropped";
                event?: "room_started" | "room_finished" | "participant_joined" | "participant_left" | "track_published" | "track_unpublished" | "ingress_started" | "ingress_ended" | "ingress_unauthorized" | "egress_started" | "egress_updated" | "egress_ended" | "stream_started" | "stream_ended" | "recording_started" | "recording_part_ready" | "recording_ready" | "recording_failed" | "snapshot_taken" | "vod_ready" | "vod_variants_ready" | "hls_started" | "hls_stopped" | "restream_started" | "restream_stopped" | "restream_failed" | "chat_message" | "reaction" | "plugin_worker_started" | "plugin_worker_stopped" | "plugin_worker_error" | "stream.latency_high" | "stream.latency_recovered";
            };
            header?: never;
            path: {
                app: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a page of the list. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            event: string;
                            room: string;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "dropped";
                            attempts: number;
                            emittedAt: string;
                            nextAttemptAt: string | null;
                            finishedAt: string | null;
                            lastUrl: string | null;
                            lastStatus: number | null;
                            lastError: string | null;
                        }[];
                        total: number;
                        limit: number;
                        offset: number;
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1AppsAppCallbacksDeliveriesId: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            event: string;
                            room: string;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "dropped";
                            attempts: number;
                            emittedAt: string;
                            nextAttemptAt: string | null;
                            finishedAt: string | null;
                            lastUrl: string | null;
                            lastStatus: number | null;
                            lastError: string | null;
                            body: string;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    postApiV1AppsAppCallbacksDeliveriesIdRedeliver: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                app: string;
                id: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            202: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            event: string;
                            room: string;
                            /** @enum {string} */
                            status: "pending" | "delivered" | "failed" | "dropped";
                            attempts: number;
                            emittedAt: string;
                            nextAttemptAt: string | null;
                            finishedAt: string | null;
                            lastUrl: string | null;
                            lastStatus: number | null;
                            lastError: string | null;
                        };
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 409: `conflict`. */
            409: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "conflict";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `app_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "app_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getHealth: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a bare body (no envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ok";
                        version: string;
                        instanceId: string;
                        uptimeSeconds: number;
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getReady: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a bare body (no envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        /** @constant */
                        status: "ready";
                        node: string;
                        checks: {
                            /** @constant */
                            database: "ok";
                            /** @enum {string} */
                            redis: "ok" | "off";
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getMetrics: {
        parameters: {
            query?: {
                token?: string;
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/plain; version=0.0.4; charset=utf-8`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain; version=0.0.4; charset=utf-8": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1Stats: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: a bare body (no envelope). */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        ts: string;
                        node: string;
                        uptimeSeconds: number;
                        version: string;
                        cpu: {
                            loadAvg: number[];
                            cores: number;
                        };
                        memory: {
                            totalBytes: number;
                            freeBytes: number;
                            usedBytes: number;
                        };
                        mediaServerReachable: boolean;
                        counts: {
                            apps: number;
                            rooms: number;
                            activeStreams: number;
                        };
                        egress: {
                            reachable: boolean;
                            active: number;
                            total: number;
                        };
                        ingress: {
                            reachable: boolean;
                            active: number;
                            total: number;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1DebugActors: {
        parameters: {
            query?: {
                prefix?: string;
                scope?: "cluster" | "node";
            };
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `{ data, error: null }`. */
            200: {
                headers: {
                    /** @description Set when the answer is partial: the comma-separated ids of the live nodes that did not answer within 2 s (left out of the answer). */
                    "X-Cluster-Missing"?: string;
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: {
                            id: string;
                            node: string;
                            machine: string;
                            state: unknown;
                            status: string;
                            startedAt: string;
                            lastEvent: {
                                type: string;
                                at: string;
                            } | null;
                            since: string;
                            readonly transitions: {
                                from: unknown;
                                to: unknown;
                                event: string;
                                at: string;
                            }[];
                            context: unknown;
                        }[];
                        error: null;
                    };
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 401: `unauthorized`. */
            401: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "unauthorized";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 403: `forbidden`. */
            403: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "forbidden";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1OpenapiJson: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `application/json`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "application/json": unknown;
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 503: `service_unavailable`. */
            503: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "service_unavailable";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1Docs: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/html`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getApiV1DocsFile: {
        parameters: {
            query?: never;
            header?: never;
            path: {
                file: "swagger-ui.css" | "index.css" | "swagger-ui-bundle.js" | "favicon-32x32.png" | "favicon-16x16.png" | "service-docs.js";
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/javascript` or `text/css` or `image/png`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": unknown;
                    "text/css": unknown;
                    "image/png": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 429: `rate_limited`. */
            429: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "rate_limited";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    get: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/plain`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/plain": unknown;
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getConsole: {
        parameters: {
            query?: never;
            header?: never;
            path?: never;
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/html`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/html": unknown;
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
    getConsoleAssetsFile: {
        parameters: {
            query?: {
                v?: string;
            };
            header?: never;
            path: {
                file: string;
            };
            cookie?: never;
        };
        requestBody?: never;
        responses: {
            /** @description Success: `text/javascript` or `text/css`, not JSON. */
            200: {
                headers: {
                    [name: string]: unknown;
                };
                content: {
                    "text/javascript": unknown;
                    "text/css": unknown;
                };
            };
            /** @description Error 400: `validation_failed`. */
            400: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "validation_failed";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 404: `not_found`. */
            404: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "not_found";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            /** @description Error 500: `internal_error`. */
            500: {
                headers: {
                    "X-Request-Id": components["headers"]["RequestId"];
                    [name: string]: unknown;
                };
                content: {
                    "application/json": {
                        data: null;
                        error: {
                            /** @enum {string} */
                            code: "internal_error";
                            message: string;
                            /** @description For `validation_failed`, a list of `{ path, message, code }` with paths such as `body.name`. */
                            details?: unknown;
                        };
                    };
                };
            };
            default: components["responses"]["Error"];
        };
    };
}
