export { explain, roundMoney, roundRatio, type Figure, type MaybeFigure, type MissingFigure } from './figure';
export * from './offers';
export * from './repairs';
export * from './rental';
export * from './lenses';
